import { describe, expect, it } from 'vitest';
import { formatDuration, playableDuration } from './duration.ts';

describe('formatDuration', () => {
  it('shows minutes and two-digit seconds, rounding down', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(7.9)).toBe('0:07');
    expect(formatDuration(185)).toBe('3:05');
    expect(formatDuration(4320)).toBe('72:00');
  });

  it('reads 0:00 for nothing, negatives and infinities', () => {
    expect(formatDuration(null)).toBe('0:00');
    expect(formatDuration(undefined)).toBe('0:00');
    expect(formatDuration(-3)).toBe('0:00');
    expect(formatDuration(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});

describe('playableDuration', () => {
  it("prefers the player's length and falls back to the stored one", () => {
    expect(playableDuration(11.2, 11)).toBe(11.2);
    expect(playableDuration(Number.POSITIVE_INFINITY, 11)).toBe(11);
    expect(playableDuration(Number.NaN, null)).toBe(0);
  });
});
