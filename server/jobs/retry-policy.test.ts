import { expect, it } from 'vitest';
import { AiError } from '../ai/errors.ts';
import { backoffMs, outcomeOf } from './retry-policy.ts';

const policy = { retries: 3, baseDelayMs: 1000, maxDelayMs: 20_000 };

it('waits without spending a retry when the provider says when to come back, even on the last try', () => {
  const error = new AiError('temporarily_unavailable', { retryable: true, retryAfterMs: 60_000 });
  expect(outcomeOf(error, 3, policy)).toEqual({ kind: 'delay', ms: 60_000 });
  expect(outcomeOf(new AiError('temporarily_unavailable', { retryable: true, retryAfterMs: 0 }), 0, policy)).toEqual({ kind: 'delay', ms: 0 });
});

it('retries passing failures until the policy\'s retries are spent, then fails', () => {
  const error = new AiError('temporarily_unavailable', { retryable: true });
  for (const attempt of [0, 1, 2]) expect(outcomeOf(error, attempt, policy).kind).toBe('retry');
  expect(outcomeOf(error, 3, policy)).toEqual({ kind: 'fail', error });
});

it('fails at once for what no retry can mend', () => {
  for (const code of ['quota_exceeded', 'authentication_failed', 'no_speech', 'unprocessable_audio'] as const) {
    const error = new AiError(code);
    expect(outcomeOf(error, 0, policy)).toEqual({ kind: 'fail', error });
  }
});

it('treats an unexpected error as retryable, then as a processing failure', () => {
  expect(outcomeOf(new Error('disk hiccup'), 0, policy).kind).toBe('retry');
  const outcome = outcomeOf(new Error('disk hiccup'), 3, policy);
  expect(outcome.kind === 'fail' && outcome.error.code).toBe('processing_failed');
});

it('backs off exponentially within the jitter, up to the limit', () => {
  for (let i = 0; i < 50; i++) {
    expect(backoffMs(0, policy)).toBeGreaterThanOrEqual(750);
    expect(backoffMs(0, policy)).toBeLessThanOrEqual(1250);
    expect(backoffMs(2, policy)).toBeGreaterThanOrEqual(3000);
    expect(backoffMs(2, policy)).toBeLessThanOrEqual(5000);
    expect(backoffMs(10, policy)).toBeLessThanOrEqual(25_000);
  }
});
