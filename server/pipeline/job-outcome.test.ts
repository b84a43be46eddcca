import { expect, it } from 'vitest';
import { AiError } from '../ai/errors.ts';
import { outcomeOf } from './job-outcome.ts';

const first = { retryCount: 0, retryLimit: 4 };
const last = { retryCount: 4, retryLimit: 4 };

it('waits without spending a retry when the provider says when to come back', () => {
  const error = new AiError('temporarily_unavailable', { retryable: true, retryAfterMs: 60_000 });
  expect(outcomeOf(error, last)).toEqual({ kind: 'delay', ms: 60_000 });
});

it('retries passing failures until the retries run out, then fails', () => {
  const error = new AiError('temporarily_unavailable', { retryable: true });
  expect(outcomeOf(error, first)).toEqual({ kind: 'retry' });
  expect(outcomeOf(error, last)).toEqual({ kind: 'fail', error });
});

it('fails at once for what no retry can mend', () => {
  for (const code of ['quota_exceeded', 'authentication_failed', 'no_speech', 'unprocessable_audio'] as const) {
    const error = new AiError(code);
    expect(outcomeOf(error, first)).toEqual({ kind: 'fail', error });
  }
});

it('treats an unexpected error as retryable, then as a processing failure', () => {
  expect(outcomeOf(new Error('disk hiccup'), first)).toEqual({ kind: 'retry' });
  const outcome = outcomeOf(new Error('disk hiccup'), last);
  expect(outcome.kind === 'fail' && outcome.error.code).toBe('processing_failed');
});
