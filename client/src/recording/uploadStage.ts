import { UPLOAD_STAGES } from '../../../contract/uploads.ts';

export type UploadStageEntry = (typeof UPLOAD_STAGES)[number];

/**
 * The upload stage to show: uploading until the server has answered, then transcribing,
 * processing from 1 s and generating from 2 s after the answer (spec 2, 9.4).
 */
export function uploadStageAt(answeredAt: number | null, now: number): UploadStageEntry {
  if (answeredAt === null) return UPLOAD_STAGES[0];
  const elapsed = now - answeredAt;
  let current: UploadStageEntry = UPLOAD_STAGES[0];
  for (const entry of UPLOAD_STAGES) {
    if (entry.afterMs !== null && elapsed >= entry.afterMs) current = entry;
  }
  return current;
}
