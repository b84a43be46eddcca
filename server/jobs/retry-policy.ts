import { AiError } from '../ai/errors.ts';

/** How a job retries: attempts after the first, and the backoff between them. */
export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** What to do with a job whose work threw. */
export type Outcome =
  | { kind: 'delay'; ms: number } // come back when the provider says, without spending a retry
  | { kind: 'retry'; ms: number } // try again after a backoff, spending one retry
  | { kind: 'fail'; error: AiError }; // record the failure for the user

/** Exponential backoff with ±25 % jitter before the retry that follows `attempt` (0 = the first try). */
export function backoffMs(attempt: number, policy: RetryPolicy): number {
  const ms = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ms * (0.75 + Math.random() * 0.5));
}

/**
 * Decides between waiting, retrying and failing for good. A provider that says when to
 * come back (a rate limit's Retry-After, a model still downloading) is waited for without
 * spending a retry; other passing failures spend one; what no retry can mend fails at once.
 * An error that is not an AiError is a passing failure until the retries run out.
 */
export function outcomeOf(error: unknown, attempt: number, policy: RetryPolicy): Outcome {
  const aiError = error instanceof AiError ? error : new AiError('processing_failed', { detail: String(error), retryable: true, cause: error });
  if (aiError.retryable && aiError.retryAfterMs !== undefined) return { kind: 'delay', ms: aiError.retryAfterMs };
  if (aiError.retryable && attempt < policy.retries) return { kind: 'retry', ms: backoffMs(attempt, policy) };
  return { kind: 'fail', error: aiError };
}
