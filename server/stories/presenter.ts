import type { StoryDto, StorySummaryDto } from '../../contract/library.ts';
import { readingMinutes, wordsOf } from '../../contract/reading.ts';
import type { stories } from '../db/schema.ts';

type StoryRow = typeof stories.$inferSelect;

const EXCERPT_CHARACTERS = 200;

/** A story as the API presents it (spec 3, "Story"). */
export function presentStory(row: StoryRow): StoryDto {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    language: row.language,
    processingStatus: row.processingStatus,
    pointOfView: row.pointOfView,
    storyStyle: row.storyStyle,
    tone: row.tone,
    promptQuestion: row.promptQuestion,
    questionId: row.questionId,
    chapterId: row.chapterId,
    metadata: row.metadata,
    temporalType: row.temporalType,
    specificDate: row.specificDate,
    month: row.month,
    year: row.year,
    endYear: row.endYear,
    hasNewRecordings: row.hasNewRecordings,
    titleEditedByHand: row.titleEditedAt !== null,
    contentEditedByHand: row.contentEditedAt !== null,
    generatedAt: row.generatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The beginning of a story's text, tags removed, cut at a word. */
export function excerptOf(content: string): string {
  const text = wordsOf(content).join(' ');
  if (text.length <= EXCERPT_CHARACTERS) return text;
  const cut = text.slice(0, EXCERPT_CHARACTERS);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : EXCERPT_CHARACTERS)}…`;
}

/** A row of the library: everything but the full text. */
export function presentStorySummary(row: StoryRow, recordingCount: number): StorySummaryDto {
  const { content, ...story } = presentStory(row);
  return { ...story, excerpt: excerptOf(content), readingMinutes: readingMinutes(content), recordingCount };
}
