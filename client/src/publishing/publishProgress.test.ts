import { describe, expect, it } from 'vitest';
import { NARRATION_STATES } from '../../../contract/publishing.ts';
import { narrationInProgress } from '../api/publishing.ts';
import { publishProgress } from './publishProgress.ts';

describe('publishProgress', () => {
  it('is preparing at 10 while the request is on its way', () => {
    expect(publishProgress({ requesting: true })).toEqual({ stage: 'preparing', percent: 10 });
  });

  it('follows the narration job: waiting 30, generating 60, finalizing 90, then complete 100', () => {
    const seen = (['waiting', 'generating', 'finalizing', 'ready'] as const).map((narration) => publishProgress({ requesting: false, narration }));
    expect(seen).toEqual([
      { stage: 'uploading', percent: 30 },
      { stage: 'generating', percent: 60 },
      { stage: 'finalizing', percent: 90 },
      { stage: 'complete', percent: 100 },
    ]);
  });

  it('is complete at once when no narration was asked for', () => {
    expect(publishProgress({ requesting: false, narration: 'none' })).toEqual({ stage: 'complete', percent: 100 });
  });
});

describe('narrationInProgress', () => {
  it('reads the status again only while the job works', () => {
    const working = NARRATION_STATES.filter((state) => narrationInProgress(state));
    expect(working).toEqual(['waiting', 'generating', 'finalizing']);
    expect(narrationInProgress(undefined)).toBe(false);
  });
});
