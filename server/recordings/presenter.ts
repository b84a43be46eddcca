import type { recordings } from '../db/schema.ts';

type RecordingRow = typeof recordings.$inferSelect;

/** A recording as the API presents it (spec 3, "Recording"). */
export function presentRecording(row: RecordingRow) {
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
  };
}

export const presentRecordingStatus = (row: RecordingRow) => ({
  id: row.id,
  processingStatus: row.processingStatus,
  transcriptionError: row.transcriptionError,
});
