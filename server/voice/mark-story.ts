import type { Database } from '../db/client.ts';
import type { Transaction } from '../jobs/send-job.ts';

/**
 * Marks (again) where each paragraph of a story was said, from its recordings' timings as they
 * are now; a story whose text the person edited keeps the spans they still match.
 */
export async function markStorySources(_db: Database | Transaction, _storyId: number): Promise<void> {
  throw new Error('not written yet (issue 29, voice-sources)');
}
