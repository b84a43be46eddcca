import { describe, expect, it } from 'vitest';
import { checkMinimumSize } from './checkMinimumSize.ts';

describe('checkMinimumSize', () => {
  it('refuses under 1000 bytes', () => {
    expect(checkMinimumSize({ sizeBytes: 999 })).toEqual({ kind: 'too_small' });
  });

  it('passes 1000 bytes and more', () => {
    expect(checkMinimumSize({ sizeBytes: 1000 })).toBeNull();
    expect(checkMinimumSize({ sizeBytes: 32_000 })).toBeNull();
  });
});
