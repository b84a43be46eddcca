import type { Queue } from '../jobs/queue.ts';
import type { Transaction } from '../jobs/send-job.ts';

/** What another feature does when a story is written, inside the transaction that stores it. */
export type StoryWrittenHook = (queue: Queue, tx: Transaction, storyId: number) => Promise<void>;

const hooks = new Set<StoryWrittenHook>();

/**
 * Adds work to the moment a story is written (the family circle: a relative's question it
 * answers). Registered by the composition (background/jobs.ts), so the pipeline imports no
 * feature that itself reaches the pipeline through the upload path.
 */
export function whenStoryWritten(hook: StoryWrittenHook): void {
  hooks.add(hook);
}

/** Runs every registered hook for a story just written, in its transaction. */
export async function storyWritten(queue: Queue, tx: Transaction, storyId: number): Promise<void> {
  for (const hook of hooks) await hook(queue, tx, storyId);
}
