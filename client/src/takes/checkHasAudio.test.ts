import { describe, expect, it } from 'vitest';
import { checkHasAudio } from './checkHasAudio.ts';

describe('checkHasAudio', () => {
  it('refuses a recording without data chunks', () => {
    expect(checkHasAudio({ chunkCount: 0, sizeBytes: 0 })).toEqual({ kind: 'no_audio' });
  });

  it('refuses chunks that add up to nothing', () => {
    expect(checkHasAudio({ chunkCount: 3, sizeBytes: 0 })).toEqual({ kind: 'no_audio' });
  });

  it('passes any data', () => {
    expect(checkHasAudio({ chunkCount: 1, sizeBytes: 1 })).toBeNull();
  });
});
