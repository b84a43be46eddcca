import { useQuery } from '@tanstack/react-query';
import { storyVoiceViewSchema } from '../../../contract/voice.ts';
import { getJson } from './request.ts';

/*
 * "Hear it" (issue 29): where a story's paragraphs were said. The owner's and family readers'
 * read comes from api/voice.ts once the listening editor's branch brings it (the lead folds
 * `storyVoiceOf` into it); the public page's is its own.
 */

/** GET /api/stories/{id}/voice (owner and family readers). */
export async function storyVoiceOf(storyId: number) {
  return storyVoiceViewSchema.parse(await getJson<unknown>(`/api/stories/${storyId}/voice`));
}

/** GET /api/published/{slug}/voice (anyone, when the story was published with the teller's voice). */
export async function getPublicStoryVoice(slug: string) {
  return storyVoiceViewSchema.parse(await getJson<unknown>(`/api/published/${encodeURIComponent(slug)}/voice`));
}

/** A story's spans, under the story's key: an edit of its text (the "stories changed" notification) reads them again. */
export function useStoryVoice(storyId: number) {
  return useQuery({ queryKey: ['/api/stories', storyId, 'voice'], queryFn: () => storyVoiceOf(storyId) });
}

/** The public page's spans, asked only when the story was published with the teller's voice. */
export function usePublicStoryVoice(slug: string, published: boolean) {
  return useQuery({ queryKey: ['/api/published', slug, 'voice'], queryFn: () => getPublicStoryVoice(slug), enabled: published });
}
