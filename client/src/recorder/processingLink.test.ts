import { describe, expect, it } from 'vitest';
import { processingSearch, processingUploadOf, readProcessingUpload, reopenedStep } from './processingLink.ts';
import { isOffered } from '../microphone/unsavedTakes.ts';

describe('the post-upload screen is named by its address', () => {
  it('reads back the upload it names', () => {
    const upload = { recordingId: 12, storyId: 34, writesStory: true };
    expect(readProcessingUpload(new URLSearchParams(processingSearch(upload)))).toEqual(upload);
    const added = { recordingId: 5, storyId: 6, writesStory: false };
    expect(readProcessingUpload(new URLSearchParams(processingSearch(added)))).toEqual(added);
  });

  it('a recorder address without an upload names none', () => {
    expect(readProcessingUpload(new URLSearchParams('storyId=3'))).toBeNull();
    expect(readProcessingUpload(new URLSearchParams('upload=x&story=2'))).toBeNull();
  });

  it('only a finished upload that writes or adds to a story has such an address', () => {
    const step = reopenedStep({ recordingId: 1, storyId: 2, writesStory: true });
    expect(processingUploadOf(step)).toEqual({ recordingId: 1, storyId: 2, writesStory: true });
    expect(processingUploadOf({ ...step, response: { ...step.response, isContextOnly: true, story: null } })).toBeNull();
    expect(processingUploadOf({ phase: 'idle' })).toBeNull();
  });
});

describe('a take left on the device is offered back', () => {
  it('when something was recorded while the clock ran', () => {
    expect(isOffered({ chunkCount: 3, durationSeconds: 2.9 })).toBe(true);
    expect(isOffered({ chunkCount: 0, durationSeconds: 0 })).toBe(false);
    // Only the chunk given at stop: ended before its first second.
    expect(isOffered({ chunkCount: 1, durationSeconds: 0 })).toBe(false);
  });
});
