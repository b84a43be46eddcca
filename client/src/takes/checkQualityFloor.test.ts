import { describe, expect, it } from 'vitest';
import { checkQualityFloor, qualityFloorBytes } from './checkQualityFloor.ts';

describe('qualityFloorBytes', () => {
  it('is 1000 bytes for short recordings and 200 bytes a second for longer ones', () => {
    expect(qualityFloorBytes(3)).toBe(1000);
    expect(qualityFloorBytes(5)).toBe(1000);
    expect(qualityFloorBytes(10)).toBe(2000);
  });
});

describe('checkQualityFloor', () => {
  it('does not apply to recordings of 2 s or less', () => {
    expect(checkQualityFloor({ sizeBytes: 10, durationSeconds: 2 })).toBeNull();
  });

  it('refuses a longer recording below the floor, with its size and length', () => {
    expect(checkQualityFloor({ sizeBytes: 1536, durationSeconds: 10 })).toEqual({
      kind: 'low_quality',
      kilobytes: 1.5,
      seconds: 10,
    });
    expect(checkQualityFloor({ sizeBytes: 999, durationSeconds: 2.5 })).toMatchObject({ kind: 'low_quality' });
  });

  it('passes a recording at or above the floor', () => {
    expect(checkQualityFloor({ sizeBytes: 2000, durationSeconds: 10 })).toBeNull();
    expect(checkQualityFloor({ sizeBytes: 32_000, durationSeconds: 4 })).toBeNull();
  });
});
