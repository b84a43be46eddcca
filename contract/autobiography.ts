import { z } from 'zod';
import { AI_ERROR_CODES } from './ai-errors.ts';
import { ignoredUserId, withoutUserId } from './ignored-user-id.ts';
import { idSchema } from './ids.ts';
import { languageSchema } from './languages.ts';
import { pointOfViewSchema, storyStyleSchema } from './story-options.ts';

/**
 * Autobiographies (spec 2 "Collections", 3 "Autobiography", 7.8): the book written from
 * chosen chapters or stories by a background job, chapter by chapter. Shapes and bodies
 * shared by the server's routes and the client's screens.
 */

/** The states of a book: written chapter by chapter, then generated, or failed with a reason. */
export const AUTOBIOGRAPHY_STATUSES = ['processing', 'generated', 'failed'] as const;
export const autobiographyStatusSchema = z.enum(AUTOBIOGRAPHY_STATUSES);
export type AutobiographyStatus = z.infer<typeof autobiographyStatusSchema>;

/** The downloads of a book, by the path's last segment. */
export const EXPORT_FORMATS = ['markdown', 'epub', 'pdf'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** Limits of a request: a title a line long, and a bounded selection. */
export const AUTOBIOGRAPHY_LIMITS = { titleMax: 200, storiesMax: 1000, chaptersMax: 200 } as const;
/** How many books the list shows, newest first. */
export const AUTOBIOGRAPHY_LIST_LIMIT = 100;

// ---------------------------------------------------------------- request bodies

const ids = (max: number) => z.array(idSchema).max(max);

/**
 * POST /api/autobiography: {storyIds, title, language} (spec 7.8), and also chapterIds
 * (every story of those chapters). At least one story or chapter; a userId is ignored.
 */
export const autobiographyCreateSchema = z
  .object({
    storyIds: ids(AUTOBIOGRAPHY_LIMITS.storiesMax).default([]),
    chapterIds: ids(AUTOBIOGRAPHY_LIMITS.chaptersMax).default([]),
    title: z
      .string()
      .trim()
      .min(1, 'Title is required')
      .max(AUTOBIOGRAPHY_LIMITS.titleMax, `Title must be at most ${AUTOBIOGRAPHY_LIMITS.titleMax} characters`),
    language: languageSchema,
    pointOfView: pointOfViewSchema.default('first'),
    style: storyStyleSchema.default('auto'),
    userId: ignoredUserId,
  })
  .refine((body) => body.storyIds.length + body.chapterIds.length > 0, {
    message: 'Choose at least one chapter or story',
    path: ['storyIds'],
  })
  .transform(withoutUserId);
export type AutobiographyCreateBody = z.input<typeof autobiographyCreateSchema>;

// ---------------------------------------------------------------- responses

/** How far the job is: "Writing chapter {done + 1} of {total}". */
export const autobiographyProgressSchema = z.object({ chaptersDone: z.number(), chaptersTotal: z.number() });

/** A row of GET /api/autobiographies: what the list shows (title, date, state). */
export const autobiographySummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  language: z.string(),
  status: autobiographyStatusSchema,
  progress: autobiographyProgressSchema,
  /** Why the book failed, in English; the client shows its own words for `errorCode`. */
  error: z.string().nullable(),
  errorCode: z.enum(AI_ERROR_CODES).nullable(),
  createdAt: z.string(),
});
export type AutobiographySummary = z.infer<typeof autobiographySummarySchema>;

/** One chapter of the book: its title, and its Markdown text once written. */
export const bookChapterSchema = z.object({
  title: z.string(),
  content: z.string().nullable(),
  storyIds: z.array(z.number()),
});
export type BookChapterDto = z.infer<typeof bookChapterSchema>;

/** GET /api/autobiographies/{id}: the reading view. */
export const autobiographyDetailSchema = autobiographySummarySchema.extend({
  authorName: z.string().nullable(),
  pointOfView: pointOfViewSchema,
  chapters: z.array(bookChapterSchema),
  /** Sentences taken out because no story holds the name, place or year they give. */
  removedSentences: z.number(),
});
export type AutobiographyDetail = z.infer<typeof autobiographyDetailSchema>;

/** The download address of a book in one format. */
export const exportPath = (id: number, format: ExportFormat) => `/api/autobiographies/${id}/export/${format}`;
