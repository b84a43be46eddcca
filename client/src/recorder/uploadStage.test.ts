import { describe, expect, it } from 'vitest';
import { furthestStage, uploadStageAt } from './uploadStage.ts';

describe('uploadStageAt', () => {
  it('is uploading at 25 until the server answers', () => {
    expect(uploadStageAt(null, 10_000, 'transcribed')).toMatchObject({ stage: 'uploading', progress: 25 });
  });

  it('moves to transcribing 50, processing 75 after 1 s, generating 90 after 2 s', () => {
    expect(uploadStageAt(1000, 1000, 'transcribed')).toMatchObject({ stage: 'transcribing', progress: 50 });
    expect(uploadStageAt(1000, 1999, 'transcribed')).toMatchObject({ stage: 'transcribing', progress: 50 });
    expect(uploadStageAt(1000, 2000, 'transcribed')).toMatchObject({ stage: 'processing', progress: 75 });
    expect(uploadStageAt(1000, 3000, 'transcribed')).toMatchObject({ stage: 'generating', progress: 90 });
    expect(uploadStageAt(1000, 60_000, 'transcribed')).toMatchObject({ stage: 'generating', progress: 90 });
  });

  it('does not run ahead of the transcription', () => {
    expect(uploadStageAt(1000, 60_000, 'uploaded')).toMatchObject({ stage: 'transcribing', progress: 50 });
    expect(uploadStageAt(1000, 60_000)).toMatchObject({ stage: 'transcribing' });
    expect(uploadStageAt(1000, 60_000, 'transcribing')).toMatchObject({ stage: 'processing', progress: 75 });
  });
});

describe('furthestStage', () => {
  it('follows the recording status', () => {
    expect(furthestStage(undefined)).toBe('uploading');
    expect(furthestStage('uploaded')).toBe('transcribing');
    expect(furthestStage('transcribing')).toBe('processing');
    expect(furthestStage('transcribed')).toBe('generating');
    expect(furthestStage('failed')).toBe('transcribing');
  });
});
