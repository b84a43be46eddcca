import { isTranscriptionPending } from '../../../contract/engines.ts';
import type { RecordingSummaryDto, RecordingWithLinksDto } from '../../../contract/library.ts';
import { transcriptionPreview } from '../../../contract/reading.ts';

/** A recording of a story as its list card shows it: the first 15 words instead of the whole text. */
export function toRecordingSummary(recording: RecordingWithLinksDto): RecordingSummaryDto {
  const { transcription, ...rest } = recording;
  return { ...rest, preview: transcriptionPreview(transcription) };
}

/** Whether a recording is still on its way to a transcript (spec 7.12 polls while it is). */
export function isRecordingPending(recording: { processingStatus: string }): boolean {
  return isTranscriptionPending(recording.processingStatus);
}
