import { z } from 'zod';
import { idSchema } from './ids.ts';

/**
 * The print-ready book (issue 30, decision 041): an autobiography laid out for a print shop as
 * two PDFs, the interior and the cover, by a background job; each story with a QR code that
 * plays it in the teller's voice. Shapes shared by the server's routes and the book's screen.
 */

/** The trim sizes a book is printed at: 6 x 9 in (the default), A5, 8 x 10 in. */
export const PRINT_TRIMS = ['6x9', 'a5', '8x10'] as const;
export const printTrimSchema = z.enum(PRINT_TRIMS);
export type PrintTrim = z.infer<typeof printTrimSchema>;

/** none before the first print is asked for; queued and running while the job lays it out; then ready or failed. */
export const PRINT_STATES = ['none', 'queued', 'running', 'ready', 'failed'] as const;
export type PrintState = (typeof PRINT_STATES)[number];

export const PRINT_LIMITS = {
  /** A dedication is a few lines on a page of its own. */
  dedicationMax: 600,
  /** Prints one person may start in a day (each reads every photo of the book at print size). */
  printsPerDay: 20,
  /** Below this many dots per inch at its printed size a photo prints soft: the book says so. */
  photoMinDpi: 200,
  /** Photos are placed at up to this resolution, from the original where it has the pixels. */
  photoDpi: 300,
} as const;

/** POST /api/autobiographies/{id}/print: the trim, the cover's photo (one of the book's), an optional dedication. */
export const printRequestSchema = z.object({
  trim: printTrimSchema.default('6x9'),
  coverPhotoId: idSchema.optional(),
  dedication: z
    .string()
    .trim()
    .max(PRINT_LIMITS.dedicationMax, `The dedication must be at most ${PRINT_LIMITS.dedicationMax} characters`)
    .optional(),
});
export type PrintRequest = z.input<typeof printRequestSchema>;

/** A photo that prints below PRINT_LIMITS.photoMinDpi at the size the book gives it. */
export const printPhotoWarningSchema = z.object({ photoId: z.number(), caption: z.string(), dpi: z.number().int() });
export type PrintPhotoWarning = z.infer<typeof printPhotoWarningSchema>;

/** GET /api/autobiographies/{id}/print, and the answer of the POST (202). */
export const printBookSchema = z.object({
  state: z.enum(PRINT_STATES),
  trim: printTrimSchema.nullable(),
  coverPhotoId: z.number().nullable(),
  dedication: z.string().nullable(),
  /** Pages laid out of the whole: the job's progress. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** The interior's pages, a multiple of four, once ready. */
  pageCount: z.number().int().nullable(),
  /** The cover's spine, in inches, once ready. */
  spineInches: z.number().nullable(),
  warnings: z.array(printPhotoWarningSchema),
  /** Why it failed, in English; the client shows its own words for `errorCode`. */
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  createdAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The two downloads, while ready. */
  interiorUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
});
export type PrintBook = z.infer<typeof printBookSchema>;

/** GET /api/listen/{token}: what a book's QR code opens, without an account. */
export const listeningPageSchema = z.object({
  title: z.string(),
  /** Who told it: the book's author name. */
  teller: z.string().nullable(),
  language: z.string(),
  /** The story's recordings in order, each with its audio's address. */
  recordings: z.array(z.object({ id: z.number(), durationSeconds: z.number().nullable(), audioUrl: z.string() })),
});
export type ListeningPage = z.infer<typeof listeningPageSchema>;

/** A photo of the book's stories, offered as the cover's (GET /api/autobiographies/{id}/print/photos). */
export const printPhotoSchema = z.object({
  id: z.number(),
  caption: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The owner's address of the photo's thumbnail. */
  thumbUrl: z.string(),
});
export type PrintPhoto = z.infer<typeof printPhotoSchema>;
export const printPhotosSchema = z.object({ photos: z.array(printPhotoSchema) });
