import type { RecordingStatus } from '../../../contract/recording-limits.ts';
import { UPLOAD_PROGRESS, type UploadStage } from '../../../contract/uploads.ts';

export interface PostUploadState {
  /** The upload request is still out. */
  pending: boolean;
  /** The recording's transcription status, once known. */
  status: RecordingStatus | undefined;
  /** The upload starts a story of its own, to be written from it. */
  writesStory: boolean;
  /** That story has its text. */
  storyWritten: boolean;
}

/**
 * Where the recording is after the upload, from what the server says and nothing else, so
 * the headline and both bars always agree: never "ready" before the story has its text,
 * never "generating" before the transcript exists, "failed" when transcription failed.
 */
export function postUploadStage({ pending, status, writesStory, storyWritten }: PostUploadState): { stage: UploadStage; progress: number } {
  const stage: UploadStage = pending
    ? 'uploading'
    : status === 'failed'
      ? 'failed'
      : status !== 'transcribed'
        ? 'transcribing'
        : !writesStory
          ? 'added'
          : storyWritten
            ? 'ready'
            : 'generating';
  return { stage, progress: UPLOAD_PROGRESS[stage] };
}
