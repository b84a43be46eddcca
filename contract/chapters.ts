import { z } from 'zod';
import { ignoredUserId, withoutUserId } from './ignored-user-id.ts';
import { languageSchema } from './languages.ts';

/**
 * Chapters, the collections stories are gathered into (spec 2 "Collections", 3 "Chapter",
 * 7.8): the response shapes, the request bodies and the suggested chapters, shared by the
 * server's routes and the client's screens.
 */

// ---------------------------------------------------------------- suggested chapters

/**
 * The suggested chapters (spec 2, 9.6), in the spec's order. Each has the dropdown's short
 * naming and the longer one; the words themselves are the client's translations
 * (`chapters.json`, `suggestions.{key}.short` and `.long`).
 */
export const SUGGESTED_CHAPTERS = [
  'earlyYears',
  'education',
  'career',
  'relationships',
  'travel',
  'challenges',
  'hobbies',
  'lifeLessons',
] as const;
export type SuggestedChapter = (typeof SUGGESTED_CHAPTERS)[number];

/** The spec's English words for each suggestion: the short naming, then the longer one. */
export const SUGGESTED_CHAPTER_NAMES: Record<SuggestedChapter, { short: string; long: string }> = {
  earlyYears: { short: 'Early years', long: 'Early years' },
  education: { short: 'Education', long: 'Education and growth' },
  career: { short: 'Career', long: 'Career and achievements' },
  relationships: { short: 'Relationships', long: 'Relationships and love' },
  travel: { short: 'Travel', long: 'Travel and adventures' },
  challenges: { short: 'Challenges', long: 'Challenges and triumphs' },
  hobbies: { short: 'Hobbies', long: 'Hobbies and interests' },
  lifeLessons: { short: 'Life lessons', long: 'Life lessons' },
};

// ---------------------------------------------------------------- responses

/** A row of GET /api/chapters (and the answer of create, update and GET /api/chapters/{id}). */
export const chapterSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
  orderIndex: z.number(),
  language: z.string(),
  userId: z.string(),
  /** Stories in the chapter, counted by query. */
  storyCount: z.number(),
  /** Minutes to read all its stories at 200 words a minute, rounded up; 0 for an empty chapter. */
  readingMinutes: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChapterDto = z.infer<typeof chapterSchema>;

// ---------------------------------------------------------------- request bodies

export const CHAPTER_TITLE_MAX = 200;
export const CHAPTER_DESCRIPTION_MAX = 2000;
export const CHAPTER_ORDER_MAX = 100_000;

/** Spec 5: a chapter needs a non-empty trimmed title. */
const title = z
  .string({ error: 'Chapter title is required' })
  .trim()
  .min(1, 'Chapter title cannot be empty')
  .max(CHAPTER_TITLE_MAX, `Chapter title can be at most ${CHAPTER_TITLE_MAX} characters`);
/** Blank is no description: null. */
const description = z
  .string()
  .trim()
  .max(CHAPTER_DESCRIPTION_MAX, `Description can be at most ${CHAPTER_DESCRIPTION_MAX} characters`)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v ? v : null));
const orderIndex = z
  .number({ error: 'Order must be a whole number' })
  .int('Order must be a whole number')
  .min(0, 'Order cannot be negative')
  .max(CHAPTER_ORDER_MAX, `Order can be at most ${CHAPTER_ORDER_MAX}`);

/** Null is the same as leaving the field out. */
const optionalOrderIndex = orderIndex.nullish().transform((v) => v ?? undefined);
const optionalLanguage = languageSchema.nullish().transform((v) => v ?? undefined);

/** POST /api/chapters: {userId, title, description, orderIndex, language}; no orderIndex puts it last. */
export const chapterCreateSchema = z.object({
  title,
  description,
  orderIndex: optionalOrderIndex,
  language: optionalLanguage,
  userId: ignoredUserId,
}).transform(withoutUserId);
export type ChapterCreateBody = z.input<typeof chapterCreateSchema>;

/** PATCH /api/chapters/{id}: {title, description, orderIndex, language}; a field left out keeps its value. */
export const chapterUpdateSchema = z.object({
  title: title.optional(),
  description,
  orderIndex: optionalOrderIndex,
  language: optionalLanguage,
  userId: ignoredUserId,
}).transform(withoutUserId);
export type ChapterUpdateBody = z.input<typeof chapterUpdateSchema>;

// ---------------------------------------------------------------- rules both sides use

/**
 * What the edit view autosaves (spec 5): nothing while the title is blank or nothing
 * changed; otherwise the trimmed title and description.
 */
export function chapterEditToSave(
  draft: { title: string; description: string },
  stored: { title: string; description: string | null },
): { title: string; description: string | null } | null {
  const nextTitle = draft.title.trim();
  const nextDescription = draft.description.trim() || null;
  if (nextTitle === '') return null;
  if (nextTitle === stored.title && nextDescription === (stored.description ?? null)) return null;
  return { title: nextTitle, description: nextDescription };
}

/**
 * The orderIndex changes a new order needs: each chapter's index becomes its position;
 * only those whose index differs are sent (one PATCH each).
 */
export function orderChanges(ordered: readonly { id: number; orderIndex: number }[]): { id: number; orderIndex: number }[] {
  return ordered.flatMap((chapter, position) => (chapter.orderIndex === position ? [] : [{ id: chapter.id, orderIndex: position }]));
}
