import { describe, expect, it } from 'vitest';
import { firstRecordingProblem } from './stopChecks.ts';

describe('firstRecordingProblem', () => {
  it('checks for data first', () => {
    expect(firstRecordingProblem({ chunkCount: 0, sizeBytes: 0, durationSeconds: 0.2 })).toEqual({ kind: 'no_audio' });
  });

  it('checks the size before the length', () => {
    expect(firstRecordingProblem({ chunkCount: 1, sizeBytes: 500, durationSeconds: 0.5 })).toEqual({ kind: 'too_small' });
  });

  it('checks the length before the quality floor', () => {
    expect(firstRecordingProblem({ chunkCount: 1, sizeBytes: 1200, durationSeconds: 0.5 })).toEqual({ kind: 'too_short' });
  });

  it('checks the quality floor last', () => {
    expect(firstRecordingProblem({ chunkCount: 10, sizeBytes: 1200, durationSeconds: 10 })).toMatchObject({
      kind: 'low_quality',
    });
  });

  it('passes a healthy recording', () => {
    expect(firstRecordingProblem({ chunkCount: 4, sizeBytes: 32_000, durationSeconds: 4 })).toBeNull();
  });
});
