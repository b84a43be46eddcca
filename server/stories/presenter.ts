import { getTableColumns } from 'drizzle-orm';
import type { StoryDto, StorySummaryDto } from '../../contract/library.ts';
import { minutesToRead, wordsOf } from '../../contract/reading.ts';
import type { Database } from '../db/client.ts';
import { stories } from '../db/schema.ts';
import { shownCoverPhotoId, storyCoverPhotoId, thumbUrlOf } from '../photos/cover.ts';
import { TEXT_START_CHARACTERS, textStart, withoutCutEnd } from '../db/text-start.ts';

type StoryRow = typeof stories.$inferSelect;

const EXCERPT_CHARACTERS = 200;
// Stories and recordings read only the start of a text for their lists (db/text-start.ts).
export { TEXT_START_CHARACTERS, textStart, withoutCutEnd };

/** A story row, with its shown cover (photos/cover.ts) when the read resolved it; else only a chosen cover shows. */
type StoryWithCover = StoryRow & { shownCoverPhotoId?: number | null };

/** A story as the API presents it (spec 3, "Story"). */
export function presentStory(row: StoryWithCover): StoryDto {
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
    coverPhotoId: row.coverPhotoId,
    coverThumbUrl: thumbUrlOf(row.shownCoverPhotoId !== undefined ? row.shownCoverPhotoId : row.coverPhotoId),
    onlyMe: row.onlyMe,
    sharedWithFamilyAt: row.sharedWithFamilyAt?.toISOString() ?? null,
  };
}

/** A story read alone (its detail, an edit's answer), with its shown cover looked up. */
export async function presentStoryWithCover(db: Pick<Database, 'select'>, row: StoryRow): Promise<StoryDto> {
  return presentStory({ ...row, shownCoverPhotoId: await storyCoverPhotoId(db, row.id) });
}

/** The words of a text joined by single spaces; given only its start (`goesOn`), without a tag or word cut in half at its end. */
function joinedWords(content: string, goesOn: boolean): string {
  return wordsOf(goesOn ? withoutCutEnd(content) : content).join(' ');
}

/** The start of a text whose words nearly always make an excerpt: a library page reads 50 of them at a time. */
const EXCERPT_SOURCE_CHARACTERS = 2 * EXCERPT_CHARACTERS;

/**
 * The beginning of a story's text, tags removed, cut at a word. Given only the start of a long
 * text (`goesOn`), a tag or word cut in half at its end is left out.
 */
export function excerptOf(content: string, goesOn = false): string {
  // The words of a shorter start are the first words of the whole: when they fill an excerpt, they are it.
  const fromShorterStart = content.length > EXCERPT_SOURCE_CHARACTERS ? joinedWords(content.slice(0, EXCERPT_SOURCE_CHARACTERS), true) : '';
  const text = fromShorterStart.length > EXCERPT_CHARACTERS ? fromShorterStart : joinedWords(content, goesOn);
  if (text.length <= EXCERPT_CHARACTERS) return goesOn ? `${text}…` : text;
  const cut = text.slice(0, EXCERPT_CHARACTERS);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : EXCERPT_CHARACTERS)}…`;
}

/** The excerpt from a `textStart` read. */
export const excerptOfStart = (start: string | null) =>
  excerptOf((start ?? '').slice(0, TEXT_START_CHARACTERS), (start ?? '').length > TEXT_START_CHARACTERS);

const { content: _content, paragraphSources: _sources, ...summaryColumns } = getTableColumns(stories);

/** What a library row reads: every column but the text and its paragraphs' sources, the text's start, and the shown cover (in the same query). */
export const storySummaryColumns = { ...summaryColumns, contentStart: textStart(stories.content), shownCoverPhotoId };
type StorySummaryRow = Omit<StoryRow, 'content' | 'paragraphSources'> & { contentStart: string | null; shownCoverPhotoId?: number | null };

/** A row of the library: everything but the full text; reading time from the stored word count. */
export function presentStorySummary(row: StoryWithCover | StorySummaryRow, recordingCount: number): StorySummaryDto {
  const { content: _, ...story } = presentStory({ ...row, content: '', paragraphSources: null });
  const excerpt = 'contentStart' in row ? excerptOfStart(row.contentStart) : excerptOf(row.content);
  return { ...story, excerpt, readingMinutes: minutesToRead(row.wordCount), recordingCount };
}
