import type { RecordingUploadResponse } from '../../../contract/uploads.ts';
import type { RecorderStep } from './recorderMachine.ts';

/** An upload the post-upload screen follows, as its address names it (so a reload shows it again). */
export interface ProcessingUpload {
  recordingId: number;
  storyId: number;
  /** The upload started a story of its own (the headline waits for its text). */
  writesStory: boolean;
}

const PARAM = { recording: 'upload', story: 'story', newStory: 'new' } as const;

/** The recorder's query once an upload that writes or adds to a story is on the server. */
export function processingSearch(upload: ProcessingUpload): string {
  const params = new URLSearchParams({ [PARAM.recording]: String(upload.recordingId), [PARAM.story]: String(upload.storyId) });
  if (upload.writesStory) params.set(PARAM.newStory, '1');
  return `?${params.toString()}`;
}

/** The upload the address names, or null for a recorder that has none. */
export function readProcessingUpload(params: URLSearchParams): ProcessingUpload | null {
  const recordingId = Number(params.get(PARAM.recording));
  const storyId = Number(params.get(PARAM.story));
  if (!Number.isInteger(recordingId) || recordingId <= 0 || !Number.isInteger(storyId) || storyId <= 0) return null;
  return { recordingId, storyId, writesStory: params.get(PARAM.newStory) === '1' };
}

/** The upload a finished step shows, or null when its screen is not the post-upload one. */
export function processingUploadOf(step: RecorderStep): ProcessingUpload | null {
  if (step.phase !== 'done' || step.response.isContextOnly || !step.response.story) return null;
  return { recordingId: step.response.recording.id, storyId: step.response.story.id, writesStory: step.context.contextType === 'new_story' };
}

/** The post-upload step of an upload named by the address (after a reload): its status is read afresh. */
export function reopenedStep(upload: ProcessingUpload): Extract<RecorderStep, { phase: 'done' }> {
  const response: RecordingUploadResponse = {
    recording: { id: upload.recordingId, processingStatus: 'uploaded' },
    story: { id: upload.storyId },
    isContextOnly: false,
  };
  return {
    phase: 'done',
    context: upload.writesStory ? { contextType: 'new_story' } : { contextType: 'story', contextId: upload.storyId },
    response,
    answeredAt: 0,
  };
}
