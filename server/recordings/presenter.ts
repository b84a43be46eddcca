import { getTableColumns } from 'drizzle-orm';
import type { RecordingDto, RecordingSummaryDto, RecordingWithLinksDto } from '../../contract/library.ts';
import { RECORDING_PREVIEW_WORDS, transcriptionPreview, wordsOf } from '../../contract/reading.ts';
import { recordings } from '../db/schema.ts';
import { TEXT_START_CHARACTERS, textStart } from '../stories/presenter.ts';

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

/** What a recordings list row reads: no transcript (only its start), segments or settings (decision 023). */
const { transcription: _t, transcriptionSegments: _s, settings: _settings, ...summaryColumns } = getTableColumns(recordings);
export const recordingSummaryColumns = { ...summaryColumns, transcriptionStart: textStart(recordings.transcription) };
type RecordingSummaryRow = Omit<RecordingRow, 'transcription' | 'transcriptionSegments' | 'settings'> & { transcriptionStart: string | null };

/** A row of the recordings list: the card's fields, the first 15 words instead of the text. */
export function presentRecordingSummary(row: RecordingRow | RecordingSummaryRow, links: RecordingLinks): RecordingSummaryDto {
  if ('transcription' in row) {
    const { transcription, ...rest } = presentRecordingWithLinks(row, links);
    return { ...rest, preview: transcriptionPreview(transcription) };
  }
  const { transcription: _, ...rest } = presentRecordingWithLinks({ ...row, transcription: null, transcriptionSegments: null, settings: {} }, links);
  return { ...rest, wordCount: row.transcriptionWordCount, preview: previewOfStart(row.transcriptionStart, row.transcriptionWordCount) };
}

/** The first 15 words from the start of a transcript whose whole word count is known. */
function previewOfStart(start: string | null, wordCount: number): string | null {
  if (start === null || wordCount === 0) return null;
  const goesOn = start.length > TEXT_START_CHARACTERS;
  const words = wordsOf(goesOn ? start.slice(0, TEXT_START_CHARACTERS).replace(/<[^>]*$/, '').replace(/\S*$/, '') : start);
  const preview = words.slice(0, RECORDING_PREVIEW_WORDS).join(' ');
  return wordCount > RECORDING_PREVIEW_WORDS ? `${preview}…` : preview;
}

export const presentRecordingStatus = (row: RecordingRow) => ({
  id: row.id,
  processingStatus: row.processingStatus,
  transcriptionError: row.transcriptionError,
});
