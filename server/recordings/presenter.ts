import { getTableColumns } from 'drizzle-orm';
import type { RecordingDto, RecordingSummaryDto, RecordingWithLinksDto } from '../../contract/library.ts';
import { firstWordsOf, RECORDING_PREVIEW_WORDS, transcriptionPreview, wordsOf } from '../../contract/reading.ts';
import { recordings } from '../db/schema.ts';
import { TEXT_START_CHARACTERS, textStart, withoutCutEnd } from '../db/text-start.ts';

type RecordingRow = typeof recordings.$inferSelect;

export interface RecordingLinks {
  people: RecordingWithLinksDto['people'];
  places: RecordingWithLinksDto['places'];
  story: RecordingWithLinksDto['story'];
}

type ShownRecordingRow = Omit<RecordingRow, 'transcription' | 'transcriptionSegments' | 'transcriptTimings' | 'settings'>;

/** A recording's fields as the API presents them, but its transcript. */
function presentFields(row: ShownRecordingRow): Omit<RecordingDto, 'transcription'> {
  return {
    id: row.id,
    storyId: row.storyId,
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
    familyReply: row.familyMemberId !== null,
    transcriptionEditedByHand: row.transcriptionEditedAt !== null,
  };
}

/** A recording as the API presents it (spec 3, "Recording"). */
export function presentRecording(row: RecordingRow): RecordingDto {
  return { ...presentFields(row), transcription: row.transcription };
}

/** The people, places and story a recording is linked to, and the question it answers. */
const linksAndQuestion = (row: ShownRecordingRow, links: RecordingLinks) => ({
  people: links.people,
  places: links.places,
  story: links.story,
  linkedQuestion: row.promptQuestion ? { question: row.promptQuestion, questionId: row.questionId } : null,
});

/** A recording with the people, places and story it is linked to, and the question it answers. */
export function presentRecordingWithLinks(row: RecordingRow, links: RecordingLinks): RecordingWithLinksDto {
  return { ...presentRecording(row), ...linksAndQuestion(row, links), wordCount: wordsOf(row.transcription).length };
}

/** What a recordings list row reads: no transcript (only its start), segments, timings or settings (decision 023). */
const { transcription: _t, transcriptionSegments: _s, transcriptTimings: _timings, settings: _settings, ...summaryColumns } = getTableColumns(recordings);
export const recordingSummaryColumns = { ...summaryColumns, transcriptionStart: textStart(recordings.transcription) };
type RecordingSummaryRow = ShownRecordingRow & { transcriptionStart: string | null };

/**
 * A row of the recordings list: the card's fields, the first 15 words instead of the text. Built
 * field by field, not by copying a whole recording: 50 cards are presented per page.
 */
export function presentRecordingSummary(row: RecordingRow | RecordingSummaryRow, links: RecordingLinks): RecordingSummaryDto {
  const whole = 'transcription' in row;
  return {
    ...presentFields(row),
    ...linksAndQuestion(row, links),
    wordCount: whole ? wordsOf(row.transcription).length : row.transcriptionWordCount,
    preview: whole ? transcriptionPreview(row.transcription) : previewOfStart(row.transcriptionStart, row.transcriptionWordCount),
  };
}

/** The first 15 words from the start of a transcript whose whole word count is known. */
function previewOfStart(start: string | null, wordCount: number): string | null {
  if (start === null || wordCount === 0) return null;
  const goesOn = start.length > TEXT_START_CHARACTERS;
  const words = firstWordsOf(goesOn ? withoutCutEnd(start.slice(0, TEXT_START_CHARACTERS)) : start, RECORDING_PREVIEW_WORDS);
  const preview = words.join(' ');
  return wordCount > RECORDING_PREVIEW_WORDS ? `${preview}…` : preview;
}

export const presentRecordingStatus = (row: RecordingRow) => ({
  id: row.id,
  processingStatus: row.processingStatus,
  transcriptionError: row.transcriptionError,
});
