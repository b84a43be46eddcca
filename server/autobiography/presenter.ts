import type { AutobiographyDetail, AutobiographySummary } from '../../contract/autobiography.ts';
import { AI_ERRORS, type AiErrorCode } from '../../contract/ai-errors.ts';
import { toLanguage } from '../../contract/languages.ts';
import type { autobiographies } from '../db/schema.ts';
import { chapterTitle } from './book.ts';

type Row = typeof autobiographies.$inferSelect;

const isErrorCode = (code: string | null): code is AiErrorCode => code !== null && code in AI_ERRORS;

/** Why a book failed, in English (the catalogue's own texts speak of recordings); the client has its own words per code. */
const FAILURE_REASONS: Partial<Record<AiErrorCode, string>> = {
  quota_exceeded: 'The AI service quota is exceeded.',
  temporarily_unavailable: 'The AI service is temporarily unavailable.',
  authentication_failed: 'AI service authentication failed.',
};
const failureReason = (code: AiErrorCode) => FAILURE_REASONS[code] ?? 'The writer could not write a chapter.';

/** A row of the list: title, date, state and progress. */
export function presentSummary(row: Row): AutobiographySummary {
  const errorCode = isErrorCode(row.error) ? row.error : row.error ? 'processing_failed' : null;
  return {
    id: row.id,
    title: row.title,
    language: row.language,
    status: row.processingStatus,
    progress: { chaptersDone: row.chapters.filter((c) => c.content !== null).length, chaptersTotal: row.chapters.length },
    error: errorCode ? `Failed to generate autobiography. ${failureReason(errorCode)}` : null,
    errorCode,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The reading view: every planned chapter with its title and, once written, its text. */
export function presentDetail(row: Row): AutobiographyDetail {
  const language = toLanguage(row.language);
  return {
    ...presentSummary(row),
    authorName: row.authorName,
    pointOfView: row.pointOfView,
    chapters: row.chapters
      .map((c, i) => ({ title: chapterTitle(c, i + 1, language), content: c.content, storyIds: c.storyIds }))
      // A chapter whose stories were deleted before it was written has no text and no place in the book.
      .filter((c) => c.content !== ''),
    removedSentences: row.chapters.reduce((n, c) => n + c.removed.length, 0),
  };
}
