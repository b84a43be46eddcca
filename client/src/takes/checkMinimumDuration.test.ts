import { describe, expect, it } from 'vitest';
import { checkMinimumDuration } from './checkMinimumDuration.ts';

describe('checkMinimumDuration', () => {
  it('refuses under one second', () => {
    expect(checkMinimumDuration({ durationSeconds: 0.99 })).toEqual({ kind: 'too_short' });
  });

  it('passes one second and more', () => {
    expect(checkMinimumDuration({ durationSeconds: 1 })).toBeNull();
    expect(checkMinimumDuration({ durationSeconds: 120 })).toBeNull();
  });
});
