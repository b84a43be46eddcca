import type { RecordingDto, RecordingSummaryDto, RecordingWithLinksDto } from '../../contract/library.ts';
import { transcriptionPreview, wordsOf } from '../../contract/reading.ts';
import type { recordings } from '../db/schema.ts';

type RecordingRow = typeof recordings.$inferSelect;

export interface RecordingLinks {
  people: RecordingWithLinksDto['people'];
  places: RecordingWithLinksDto['places'];
  story: RecordingWithLinksDto['story'];
}

/** A recording as the API presents it (spec 3, "Recording"). */
export function presentRecording(row: RecordingRow): RecordingDto {
  return {
    id: row.id,
    storyId: row.storyId,
    transcription: row.transcription,
    duration: row.duration,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    filename: row.filename,
    mimeType: row.mimeType,
    processingStatus: row.processingStatus,
    transcriptionError: row.transcriptionError,
    detectedLanguage: row.detectedLanguage,
    promptQuestion: row.promptQuestion,
    questionId: row.questionId,
    orderIndex: row.orderIndex,
    temporalType: row.temporalType,
    specificDate: row.specificDate,
    month: row.month,
    year: row.year,
    endYear: row.endYear,
    contributorName: row.contributorName,
    transcriptionEditedByHand: row.transcriptionEditedAt !== null,
  };
}

/** A recording with the people, places and story it is linked to, and the question it answers. */
export function presentRecordingWithLinks(row: RecordingRow, links: RecordingLinks): RecordingWithLinksDto {
  return {
    ...presentRecording(row),
    ...links,
    linkedQuestion: row.promptQuestion ? { question: row.promptQuestion, questionId: row.questionId } : null,
    wordCount: wordsOf(row.transcription).length,
  };
}

/** A row of the recordings list: the card's fields, the first 15 words instead of the text. */
export function presentRecordingSummary(row: RecordingRow, links: RecordingLinks): RecordingSummaryDto {
  const { transcription, ...rest } = presentRecordingWithLinks(row, links);
  return { ...rest, preview: transcriptionPreview(transcription) };
}

export const presentRecordingStatus = (row: RecordingRow) => ({
  id: row.id,
  processingStatus: row.processingStatus,
  transcriptionError: row.transcriptionError,
});
