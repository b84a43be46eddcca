import { z } from 'zod';
import { AUTOBIOGRAPHY_STATUSES } from '../../contract/autobiography.ts';
import { languageSchema } from '../../contract/languages.ts';
import { PHOTO_CAPTION_MAX, PHOTO_HOMES, PHOTO_TYPES } from '../../contract/photos.ts';
import { RECORDING_STATUSES } from '../../contract/recording-limits.ts';
import { CREATIVITY_LEVELS, POINTS_OF_VIEW, STORY_STYLES, TONES, storyMetadataSchema } from '../../contract/story-options.ts';
import { STORY_PROCESSING_STATUSES } from '../../contract/story-status.ts';
import { TEMPORAL_TYPES } from '../../contract/temporal.ts';
import { TIMING_SOURCES } from '../../contract/voice.ts';

/**
 * A Saaga archive (docs/decisions/034-the-archive.md): one ZIP, written by the export and read by
 * the import. Its layout, in the paths below:
 *
 *   README.txt                 what is where, in the person's language
 *   index.html, site/          the archive to read in any browser, with no server and no network
 *   archive.json               the manifest: format, version, when, whose
 *   schema.json                JSON Schema of every file in data/ (from `archiveDataSchemas`)
 *   data/<name>.json           the account's rows, one file per kind (`DATA_FILES`)
 *   recordings/<name>.<ext>    every original recording as uploaded
 *   transcripts/<name>.txt     every transcript as plain text, and .vtt with its timings (a cue per timed sentence)
 *   stories/<name>.md          every story as Markdown with YAML front matter
 *   books/<name>.epub, .pdf    every generated autobiography
 *   narrations/<name>.mp3      the narration of each published story
 *   photos/<name>.<ext>        every photo's original as uploaded (with its camera data: the owner's own)
 *   site/photos/<name>.jpg     each photo's display copy, for the offline site (no metadata at all)
 *
 * Ids in data/ are the archive's own: they tie its rows together (a story's chapterId names a
 * chapter in chapters.json) and mean nothing outside it. Files are named by date and title
 * (`archiveFileNames`), never by id, so a round trip gives the same names. Times are ISO 8601.
 */
export const ARCHIVE_FORMAT = 'saaga-archive';
/**
 * 2 added photos (data/photos.json, photos/, site/photos/); a version 1 archive has none and still imports.
 * 3 added transcript timings (a recording's `timings`) and where a story's paragraphs were said
 * (a story's `paragraphSources`); an older archive has neither and still imports.
 */
export const ARCHIVE_VERSION = 3;

export const ARCHIVE_PATHS = {
  readme: 'README.txt',
  index: 'index.html',
  site: 'site/',
  manifest: 'archive.json',
  schema: 'schema.json',
  data: 'data/',
  recordings: 'recordings/',
  transcripts: 'transcripts/',
  stories: 'stories/',
  books: 'books/',
  narrations: 'narrations/',
  photos: 'photos/',
  sitePhotos: 'site/photos/',
} as const;

const id = z.number().int().positive();
const time = z.iso.datetime({ offset: true });
const day = z.iso.date();
const text = (max: number) => z.string().max(max);
/** A path inside the archive, as the export names it (checked again by the import's reader). */
const archivePath = z.string().min(1).max(400);

/** When a story or recording happened (spec "Temporal context"). */
const temporalSchema = z.object({
  type: z.enum(TEMPORAL_TYPES).nullable(),
  specificDate: day.nullable(),
  month: z.number().int().min(1).max(12).nullable(),
  year: z.number().int().nullable(),
  endYear: z.number().int().nullable(),
});

/** Seconds into a recording: finite, and no recording is a month long. */
const seconds = z.number().min(0).max(30 * 24 * 3600);

/**
 * A transcript's timings (contract/voice.ts), bounded so a hostile archive can't make the import
 * hold more than its transcript's size in them: a transcript is at most 2,000,000 characters.
 */
const archiveTimingsSchema = z.object({
  source: z.enum(TIMING_SOURCES),
  sentences: z
    .array(
      z.object({
        text: text(100_000),
        start: seconds,
        end: seconds,
        words: z.array(z.object({ text: text(1_000), start: seconds, end: seconds })).max(100_000).optional(),
      }),
    )
    .max(1_000_000),
});

/** A story's paragraphs and the spans of its recordings (by the archive's recording ids) each was said in. */
const archiveParagraphSourcesSchema = z
  .array(z.array(z.object({ recordingId: id, start: seconds, end: seconds })).max(10_000))
  .max(100_000);

export const archiveChapterSchema = z.object({
  id,
  title: text(500),
  description: text(10_000).nullable(),
  order: z.number().int(),
  language: languageSchema,
  createdAt: time,
  updatedAt: time,
});

export const archiveStorySchema = z.object({
  id,
  title: text(1_000),
  content: text(2_000_000),
  language: languageSchema,
  status: z.enum(STORY_PROCESSING_STATUSES),
  pointOfView: z.enum(POINTS_OF_VIEW),
  style: z.enum(STORY_STYLES),
  tone: z.enum(TONES).nullable(),
  creativity: z.enum(CREATIVITY_LEVELS).nullable(),
  promptQuestion: text(2_000).nullable(),
  questionId: text(200).nullable(),
  chapterId: id.nullable(),
  chapterOrder: z.number().int().nullable(),
  metadata: storyMetadataSchema,
  time: temporalSchema,
  /** When the person last edited the title or the text by hand: the writer keeps them (decision 009). */
  titleEditedAt: time.nullable(),
  contentEditedAt: time.nullable(),
  /** "Only me": hidden from every family reader (issue 28); archives made before it have none. */
  onlyMe: z.boolean().default(false),
  generatedAt: time.nullable(),
  createdAt: time,
  updatedAt: time,
  /** The public page, when the story was published from this archive's server (not restored by an import). */
  published: z.object({ url: z.string().nullable(), publishedAt: time }).nullable(),
  /** `paragraphSources[i]`: where paragraph i (split at blank lines, from 0) was said; null when not marked (before version 3). */
  paragraphSources: archiveParagraphSourcesSchema.nullable().default(null),
  markdownFile: archivePath,
  narrationFile: archivePath.nullable(),
});

const segmentSchema = z.object({ start: z.number().min(0), end: z.number().min(0), text: text(100_000) });


export const archiveRecordingSchema = z.object({
  id,
  storyId: id.nullable(),
  order: z.number().int(),
  audioFile: archivePath,
  mimeType: text(200),
  sizeBytes: z.number().int().nonnegative(),
  /** SHA-256 (hex) of the audio file's bytes: the import refuses a file that does not match. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  filename: text(500).nullable(),
  duration: z.number().nonnegative().nullable(),
  transcription: text(2_000_000).nullable(),
  segments: z.array(segmentSchema).nullable(),
  /** Where each sentence (and word, when the engine said) was spoken, kept through hand corrections; null when not timed (before version 3). */
  timings: archiveTimingsSchema.nullable().default(null),
  detectedLanguage: text(20).nullable(),
  status: z.enum(RECORDING_STATUSES),
  transcriptionEditedAt: time.nullable(),
  promptQuestion: text(2_000).nullable(),
  questionId: text(200).nullable(),
  time: temporalSchema,
  /** A co-author's contribution: the name they gave; null for the owner's own recordings. */
  contributorName: text(200).nullable(),
  peopleIds: z.array(id),
  placeIds: z.array(id),
  transcriptFile: archivePath.nullable(),
  subtitlesFile: archivePath.nullable(),
  createdAt: time,
  updatedAt: time,
});

const enrichedInfoSchema = z.union([z.string(), z.record(z.string(), z.unknown())]).nullable();

export const archivePersonSchema = z.object({
  id,
  name: text(500),
  relationship: text(500).nullable(),
  characterization: text(10_000).nullable(),
  language: languageSchema,
  enrichedInfo: enrichedInfoSchema,
  labels: z.array(text(500)),
  createdAt: time,
  updatedAt: time,
});

export const archivePlaceSchema = z.object({
  id,
  name: text(500),
  type: text(200).nullable(),
  description: text(10_000).nullable(),
  significance: text(10_000).nullable(),
  language: languageSchema,
  enrichedInfo: enrichedInfoSchema,
  labels: z.array(text(500)),
  createdAt: time,
  updatedAt: time,
});

export const archiveFollowUpSchema = z.object({
  id,
  storyId: id,
  question: text(2_000),
  language: languageSchema,
  isAnswered: z.boolean(),
  answeredAt: time.nullable(),
  answerStoryId: id.nullable(),
  answerRecordingId: id.nullable(),
  createdAt: time,
});

/** An interview prompt the person answered: the question, and the story or recording that answers it. */
export const archiveInterviewAnswerSchema = z.object({
  questionId: text(200).nullable(),
  question: text(2_000),
  storyId: id.nullable(),
  recordingId: id.nullable(),
});

const bookChapterSchema = z.object({ title: text(1_000), content: text(2_000_000).nullable() }).passthrough();

export const archiveAutobiographySchema = z.object({
  id,
  title: text(1_000),
  content: text(10_000_000),
  language: languageSchema,
  status: z.enum(AUTOBIOGRAPHY_STATUSES),
  pointOfView: z.enum(POINTS_OF_VIEW),
  style: z.enum(STORY_STYLES),
  authorName: text(200).nullable(),
  chapters: z.array(bookChapterSchema),
  /** The stories the book was written from, in its order. */
  storyIds: z.array(id),
  epubFile: archivePath.nullable(),
  pdfFile: archivePath.nullable(),
  createdAt: time,
  updatedAt: time,
});

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * A photo (issue 27): its original (the bytes uploaded, camera data and all) and its display
 * copy (no metadata, the one the offline site shows), each with its SHA-256. Its home is the
 * story, recording, person or place it belongs to, or none (uploaded to tell about, no story
 * yet). The cover, portrait and "told about" links name the rows that point at it.
 */
export const archivePhotoSchema = z.object({
  id,
  home: z.object({ type: z.enum(PHOTO_HOMES), id }).nullable(),
  /** Order within its home, 0 first. */
  position: z.number().int().min(0),
  caption: text(PHOTO_CAPTION_MAX),
  /** The day the camera says it was taken (EXIF), when it says one. */
  takenOn: day.nullable(),
  /** The original carries a GPS position (never in the display copy). */
  hasLocation: z.boolean(),
  /** As shown (EXIF orientation applied). */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** A relative's photo, added through a co-author link: the name they gave. */
  contributorName: text(200).nullable(),
  originalFile: archivePath,
  originalType: z.enum(PHOTO_TYPES),
  sizeBytes: z.number().int().nonnegative(),
  /** SHA-256 (hex) of the original's bytes: the import refuses a file that does not match. */
  sha256,
  displayFile: archivePath,
  displaySha256: sha256,
  /** The stories it is the cover of, the people it is the portrait of, the recordings told about it. */
  coverOf: z.array(id),
  portraitOf: z.array(id),
  toldIn: z.array(id),
  createdAt: time,
  updatedAt: time,
});

/** Every file in data/, by name, with the schema of its rows (each file is a JSON array). */
export const archiveDataSchemas = {
  chapters: z.array(archiveChapterSchema),
  stories: z.array(archiveStorySchema),
  recordings: z.array(archiveRecordingSchema),
  people: z.array(archivePersonSchema),
  places: z.array(archivePlaceSchema),
  'follow-up-questions': z.array(archiveFollowUpSchema),
  'interview-answers': z.array(archiveInterviewAnswerSchema),
  autobiographies: z.array(archiveAutobiographySchema),
  photos: z.array(archivePhotoSchema),
} as const;
export type ArchiveDataName = keyof typeof archiveDataSchemas;
export const DATA_FILES = Object.keys(archiveDataSchemas) as ArchiveDataName[];
export const dataFilePath = (name: ArchiveDataName) => `${ARCHIVE_PATHS.data}${name}.json`;

export type ArchiveChapter = z.infer<typeof archiveChapterSchema>;
export type ArchiveStory = z.infer<typeof archiveStorySchema>;
export type ArchiveRecording = z.infer<typeof archiveRecordingSchema>;
export type ArchivePerson = z.infer<typeof archivePersonSchema>;
export type ArchivePlace = z.infer<typeof archivePlaceSchema>;
export type ArchiveFollowUp = z.infer<typeof archiveFollowUpSchema>;
export type ArchiveInterviewAnswer = z.infer<typeof archiveInterviewAnswerSchema>;
export type ArchiveAutobiography = z.infer<typeof archiveAutobiographySchema>;
export type ArchivePhoto = z.infer<typeof archivePhotoSchema>;

/** Data files an older version of the archive did not have: read as empty when it has none. */
export const DATA_FILES_SINCE: Partial<Record<ArchiveDataName, number>> = { photos: 2 };

/** archive.json: what the file is, so the import knows it before reading anything else. */
export const archiveManifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.number().int().min(1).max(ARCHIVE_VERSION),
  exportedAt: time,
  /** The interface language of the person, which README.txt and index.html are written in. */
  language: languageSchema,
  account: z.object({ name: text(500).nullable(), authorName: text(200).nullable() }),
  counts: z.record(z.string(), z.number().int().nonnegative()),
});
export type ArchiveManifest = z.infer<typeof archiveManifestSchema>;

/** schema.json: one JSON Schema describing every file in data/. */
export function archiveJsonSchema(): unknown {
  return z.toJSONSchema(z.object(archiveDataSchemas), { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
}

// ---------------------------------------------------------------- file names

const UNSAFE_IN_NAMES = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;

/** A file name part from a title: the characters no file system accepts taken out, kept short. */
export function nameFromTitle(title: string, fallback: string): string {
  const cleaned = title.replace(UNSAFE_IN_NAMES, ' ').replace(/\s+/g, ' ').replace(/^[\s.]+|[\s.]+$/g, '').slice(0, 80).trim();
  return cleaned || fallback;
}

/**
 * Gives each file a unique name in its folder: `folder/2024-05-01 Title.ext`, then
 * `folder/2024-05-01 Title (2).ext` for the next one. Call in a fixed order (the rows' creation
 * order) so the same archive always gets the same names.
 */
export function archiveFileNames() {
  const taken = new Set<string>();
  return (folder: string, date: Date | string, title: string, extension: string, fallback = 'untitled'): string => {
    const dayPart = (typeof date === 'string' ? date : date.toISOString()).slice(0, 10);
    const base = `${folder}${dayPart} ${nameFromTitle(title, fallback)}`;
    for (let n = 1; ; n++) {
      const name = `${base}${n === 1 ? '' : ` (${n})`}.${extension}`;
      if (!taken.has(name.toLowerCase())) {
        taken.add(name.toLowerCase());
        return name;
      }
    }
  };
}
