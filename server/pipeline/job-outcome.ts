import { AiError } from '../ai/errors.ts';

export interface Attempt {
  retryCount: number;
  retryLimit: number;
}

/** What to do with a job whose work threw. */
export type Outcome =
  | { kind: 'delay'; ms: number } // come back later without spending a retry (rate limit, model missing)
  | { kind: 'retry' } // let the queue retry with backoff
  | { kind: 'fail'; error: AiError }; // record the failure for the user

/** Decides between waiting, retrying and failing for good (STYLE: a 429 delays without spending a retry). */
export function outcomeOf(error: unknown, attempt: Attempt): Outcome {
  const aiError = error instanceof AiError ? error : new AiError('processing_failed', { detail: String(error), retryable: true, cause: error });
  if (aiError.retryable && aiError.retryAfterMs) return { kind: 'delay', ms: aiError.retryAfterMs };
  if (aiError.retryable && attempt.retryCount < attempt.retryLimit) return { kind: 'retry' };
  return { kind: 'fail', error: aiError };
}
