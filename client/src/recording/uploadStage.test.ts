import { describe, expect, it } from 'vitest';
import { uploadStageAt } from './uploadStage.ts';

describe('uploadStageAt', () => {
  it('is uploading at 25 until the server answers', () => {
    expect(uploadStageAt(null, 10_000)).toMatchObject({ stage: 'uploading', progress: 25 });
  });

  it('moves to transcribing 50, processing 75 after 1 s, generating 90 after 2 s', () => {
    expect(uploadStageAt(1000, 1000)).toMatchObject({ stage: 'transcribing', progress: 50 });
    expect(uploadStageAt(1000, 1999)).toMatchObject({ stage: 'transcribing', progress: 50 });
    expect(uploadStageAt(1000, 2000)).toMatchObject({ stage: 'processing', progress: 75 });
    expect(uploadStageAt(1000, 3000)).toMatchObject({ stage: 'generating', progress: 90 });
    expect(uploadStageAt(1000, 60_000)).toMatchObject({ stage: 'generating', progress: 90 });
  });
});
