import { z } from 'zod';
import { languageParam, languageSchema } from './languages.ts';
import { pageQuerySchema } from './pagination.ts';
import { pointOfViewSchema, storyMetadataSchema, storyStyleSchema, toneSchema } from './story-options.ts';
import { storyProcessingStatusSchema } from './story-status.ts';
import { temporalTypeSchema } from './temporal.ts';
import { recordingStatusSchema } from './uploads.ts';

/**
 * Response shapes of the story and recording calls (spec 7.3, 7.4), shared by the server's
 * presenters and the client's screens.
 */
const temporalFields = {
  temporalType: temporalTypeSchema.nullable(),
  specificDate: z.string().nullable(),
  month: z.number().nullable(),
  year: z.number().nullable(),
  endYear: z.number().nullable(),
};

/** GET /api/stories/{id} (and the base of the with-recordings read). */
export const storySchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  language: z.string(),
  processingStatus: storyProcessingStatusSchema,
  pointOfView: pointOfViewSchema,
  storyStyle: storyStyleSchema,
  tone: toneSchema.nullable(),
  promptQuestion: z.string().nullable(),
  questionId: z.string().nullable(),
  chapterId: z.number().nullable(),
  metadata: storyMetadataSchema,
  ...temporalFields,
  hasNewRecordings: z.boolean(),
  /** The person edited the title (or the text) by hand: the writer keeps it unless asked to replace it. */
  titleEditedByHand: z.boolean(),
  contentEditedByHand: z.boolean(),
  generatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The photo chosen as its cover (PATCH coverPhotoId), or null. */
  coverPhotoId: z.number().nullable(),
  /** The cover's thumbnail: the chosen photo, else the story's first by position; null without photos. */
  coverThumbUrl: z.string().nullable(),
  /** "Only me" (issue 28): hidden from every family reader, whatever they may see. */
  onlyMe: z.boolean(),
  /** When it reached the family circle; null: not yet (unfinished, or the owner reviews first). */
  sharedWithFamilyAt: z.string().nullable(),
});
export type StoryDto = z.infer<typeof storySchema>;

/** A row of GET /api/stories and /api/stories/unassigned: no full content, a short excerpt. */
export const storySummarySchema = storySchema.omit({ content: true }).extend({
  excerpt: z.string(),
  readingMinutes: z.number(),
  recordingCount: z.number(),
});
export type StorySummaryDto = z.infer<typeof storySummarySchema>;

export const linkedPersonSchema = z.object({ id: z.number(), name: z.string(), relationship: z.string().nullable() });
export const linkedPlaceSchema = z.object({ id: z.number(), name: z.string(), type: z.string().nullable() });

/** GET /api/recordings/{id} and the recordings inside a story. */
export const recordingSchema = z.object({
  id: z.number(),
  storyId: z.number().nullable(),
  transcription: z.string().nullable(),
  duration: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  filename: z.string().nullable(),
  mimeType: z.string(),
  processingStatus: recordingStatusSchema,
  transcriptionError: z.string().nullable(),
  detectedLanguage: z.string().nullable(),
  promptQuestion: z.string().nullable(),
  questionId: z.string().nullable(),
  orderIndex: z.number(),
  ...temporalFields,
  contributorName: z.string().nullable(),
  /** A family reader's voice reply (issue 28): `contributorName` is the reader's name. */
  familyReply: z.boolean(),
  /** The person corrected the transcript by hand: re-transcribing asks first. */
  transcriptionEditedByHand: z.boolean(),
});
export type RecordingDto = z.infer<typeof recordingSchema>;

/** A recording with its links: GET /api/recordings/{id}/with-people-places, and inside with-recordings. */
export const recordingWithLinksSchema = recordingSchema.extend({
  people: z.array(linkedPersonSchema),
  places: z.array(linkedPlaceSchema),
  story: z.object({ id: z.number(), title: z.string() }).nullable(),
  linkedQuestion: z.object({ question: z.string(), questionId: z.string().nullable() }).nullable(),
  wordCount: z.number(),
});
export type RecordingWithLinksDto = z.infer<typeof recordingWithLinksSchema>;

/** A row of GET /api/recordings: the card's fields (first 15 words, not the whole text). */
export const recordingSummarySchema = recordingWithLinksSchema.omit({ transcription: true }).extend({
  preview: z.string().nullable(),
});
export type RecordingSummaryDto = z.infer<typeof recordingSummarySchema>;

/** GET /api/stories/{id}/with-recordings. */
export const storyWithRecordingsSchema = storySchema.extend({ recordings: z.array(recordingWithLinksSchema) });
export type StoryWithRecordingsDto = z.infer<typeof storyWithRecordingsSchema>;

/** The library's filters: every story, those in a collection (chapter), those in none. */
export const STORY_FILTERS = ['all', 'inCollections', 'unassigned'] as const;
export type StoryFilter = (typeof STORY_FILTERS)[number];

/**
 * GET /api/stories: a page of the library, newest first (decision 023). The language is accepted
 * for the spec's clients; every story is listed whatever its language.
 */
export const storyListQuerySchema = pageQuerySchema.extend({
  filter: z.enum(STORY_FILTERS).default('all'),
  language: languageParam,
});

/** GET /api/stories/counts: the library's filter counts. */
export const storyCountsSchema = z.object({ all: z.number(), inCollections: z.number(), unassigned: z.number() });
export type StoryCountsDto = z.infer<typeof storyCountsSchema>;

/** GET /api/timeline: a page of at most `limit` stories; a year may go on in the next page. */
export const timelineQuerySchema = pageQuerySchema.extend({ language: languageParam });

/** GET /api/timeline: stories grouped by year, newest first. */
export const timelineEntrySchema = z.object({
  id: z.number(),
  title: z.string(),
  excerpt: z.string(),
  processingStatus: storyProcessingStatusSchema,
  ...temporalFields,
  /** The first location of the story's metadata, if any. */
  firstLocation: z.string().nullable(),
  /** temporal: the story's own time; created: it has none, so its creation date places it. */
  placedBy: z.enum(['temporal', 'created']),
  createdAt: z.string(),
  /** The story's cover thumbnail (as on the library row), or null. */
  coverThumbUrl: z.string().nullable(),
});
export const timelineYearSchema = z.object({ year: z.number(), stories: z.array(timelineEntrySchema) });
export type TimelineYearDto = z.infer<typeof timelineYearSchema>;

// ---------------------------------------------------------------- request bodies

/** PATCH /api/stories/{id}: exactly one field. */
export const storyPatchSchema = z.union([
  z.strictObject({ title: z.string().trim().min(1).max(300) }),
  z.strictObject({ content: z.string().trim().min(1).max(200_000) }),
  z.strictObject({ language: languageSchema }),
  z.strictObject({ pointOfView: pointOfViewSchema }),
  z.strictObject({ storyStyle: storyStyleSchema }),
  z.strictObject({ metadata: storyMetadataSchema }),
  /** One of the owner's photos as the cover (else its 404), or null: the first photo again. */
  z.strictObject({ coverPhotoId: z.number().int().positive().nullable() }),
  /** "Only me": hidden from every family reader (true), or shared as the circle's scope says (false). */
  z.strictObject({ onlyMe: z.boolean() }),
]);

/** POST /api/stories/{id}/regenerate. */
export const regenerateSchema = z.object({
  style: storyStyleSchema.default('auto'),
  pointOfView: pointOfViewSchema.optional(),
  language: languageSchema.optional(),
  /** Replace a title and text edited by hand too (otherwise they are kept). */
  replaceEdited: z.boolean().default(false),
});

/** POST /api/recordings/{id}/retranscribe; no body is the same as replaceCorrected false. */
export const retranscribeSchema = z
  .object({
    /** Replace a transcript corrected by hand (otherwise such a transcript is refused with 409 transcript_corrected). */
    replaceCorrected: z.boolean().default(false),
  })
  .nullish()
  .transform((body) => body ?? { replaceCorrected: false });

export const reorderSchema = z.object({ recordingIds: z.array(z.number().int().positive()).min(1).max(1000) });
export const chapterLinkSchema = z.object({ chapterId: z.number().int().positive().nullable() });
/** GET /api/recordings: every recording, or with unassigned=true only those in no story; a page of them (decision 023). */
export const recordingListQuerySchema = pageQuerySchema.extend({ unassigned: z.enum(['true', 'false']).optional() });
export const recordingStoryLinkSchema = z.object({ storyId: z.number().int().positive().nullable() });
export const recordingPeopleSchema = z.object({ peopleIds: z.array(z.number().int().positive()).max(500) });
export const recordingPlacesSchema = z.object({ placeIds: z.array(z.number().int().positive()).max(500) });
