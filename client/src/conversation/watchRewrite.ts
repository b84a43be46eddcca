import type { QueryClient } from '@tanstack/react-query';
import { getJson } from '../api/request.ts';
import { storyKey } from '../api/stories.ts';

/** How often, and for how long, the story is looked at until its rewrite from every answer starts. */
export const REWRITE_WATCH = { everyMs: 3000, forMs: 5 * 60_000 } as const;

/**
 * After a conversation, the story is rewritten once its last answer is transcribed. The
 * story screen, opened at once, polls only a story being written: this looks on (outside
 * any screen, bounded) until the rewrite starts, then has the screen read the story again,
 * so it shows "writing" and then the story written from every answer.
 */
export function watchRewrite(queryClient: QueryClient, storyId: number, watch = REWRITE_WATCH): void {
  const until = Date.now() + watch.forMs;
  const look = async () => {
    try {
      const story = await getJson<{ processingStatus?: string }>(`/api/stories/${storyId}`);
      if (story?.processingStatus === 'processing') {
        await queryClient.invalidateQueries({ queryKey: storyKey(storyId) });
        return;
      }
    } catch (error) {
      console.warn('The conversation\'s story could not be read:', error);
    }
    if (Date.now() < until) window.setTimeout(() => void look(), watch.everyMs);
  };
  window.setTimeout(() => void look(), watch.everyMs);
}
