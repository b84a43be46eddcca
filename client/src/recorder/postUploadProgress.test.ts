import { describe, expect, it } from 'vitest';
import { postUploadStage } from './postUploadProgress.ts';

const base = { pending: false, status: undefined, writesStory: true, storyWritten: false } as const;

describe('postUploadStage', () => {
  it('uploads, transcribes, generates, then is ready, each only when the server says so', () => {
    expect(postUploadStage({ ...base, pending: true })).toEqual({ stage: 'uploading', progress: 25 });
    expect(postUploadStage({ ...base, status: 'uploaded' })).toEqual({ stage: 'transcribing', progress: 50 });
    expect(postUploadStage({ ...base, status: 'transcribing' })).toEqual({ stage: 'transcribing', progress: 50 });
    expect(postUploadStage({ ...base, status: 'transcribed' })).toEqual({ stage: 'generating', progress: 90 });
    expect(postUploadStage({ ...base, status: 'transcribed', storyWritten: true })).toEqual({ stage: 'ready', progress: 100 });
  });

  it('is never ready while the transcript is missing, even if the story already has text', () => {
    expect(postUploadStage({ ...base, status: 'transcribing', storyWritten: true }).stage).toBe('transcribing');
    expect(postUploadStage({ ...base, status: 'uploaded', writesStory: false, storyWritten: true }).stage).toBe('transcribing');
  });

  it('says failed when transcription failed, and added when the recording joined a written story', () => {
    expect(postUploadStage({ ...base, status: 'failed', storyWritten: true })).toEqual({ stage: 'failed', progress: 0 });
    expect(postUploadStage({ ...base, status: 'transcribed', writesStory: false })).toEqual({ stage: 'added', progress: 100 });
  });
});
