import type { RecordingStatus } from '../../../contract/recording-limits.ts';
import { UPLOAD_STAGES, type UploadStage } from '../../../contract/uploads.ts';

export type UploadStageEntry = (typeof UPLOAD_STAGES)[number];

/**
 * The furthest stage the recording's real status allows: transcribing once the server has
 * it, processing once transcription runs, generating once it is transcribed.
 */
export function furthestStage(status: RecordingStatus | undefined): UploadStage {
  switch (status) {
    case undefined:
      return 'uploading';
    case 'uploaded':
    case 'failed':
      return 'transcribing';
    case 'transcribing':
      return 'processing';
    case 'transcribed':
      return 'generating';
  }
}

/**
 * The upload stage to show: uploading until the server has answered, then transcribing,
 * processing from 1 s and generating from 2 s after the answer (spec 2, 9.4), but never
 * ahead of what the recording's status allows.
 */
export function uploadStageAt(answeredAt: number | null, now: number, status?: RecordingStatus): UploadStageEntry {
  if (answeredAt === null) return UPLOAD_STAGES[0];
  const limit = furthestStage(status ?? 'uploaded');
  const elapsed = now - answeredAt;
  let current: UploadStageEntry = UPLOAD_STAGES[0];
  for (const entry of UPLOAD_STAGES) {
    if (entry.afterMs !== null && elapsed >= entry.afterMs) current = entry;
    if (entry.stage === limit) break;
  }
  return current;
}
