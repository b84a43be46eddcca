import { toLanguage } from '../../../contract/languages.ts';
import { chapterTitle } from '../../autobiography/book.ts';
import type { PhotoType } from '../../../contract/photos.ts';
import type { ParagraphSources } from '../../../contract/voice.ts';
import type { autobiographies, chapters, followUpQuestions, people, photos, places, recordings, stories } from '../../db/schema.ts';
import type {
  ArchiveAutobiography,
  ArchiveChapter,
  ArchiveFollowUp,
  ArchivePerson,
  ArchivePhoto,
  ArchivePlace,
  ArchiveRecording,
  ArchiveStory,
} from '../format.ts';

// The account's rows as the archive's data files hold them (server/archive/format.ts).

type Row<T extends { $inferSelect: unknown }> = T['$inferSelect'];
type Temporal = Pick<Row<typeof stories>, 'temporalType' | 'specificDate' | 'month' | 'year' | 'endYear'>;

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export const archiveTime = (row: Temporal): ArchiveStory['time'] => ({
  type: row.temporalType,
  specificDate: row.specificDate,
  month: row.month,
  year: row.year,
  endYear: row.endYear,
});

export const archiveChapter = (row: Row<typeof chapters>): ArchiveChapter => ({
  id: row.id,
  title: row.title,
  description: row.description,
  order: row.orderIndex,
  language: toLanguage(row.language),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const archivePerson = (row: Row<typeof people>, labels: string[]): ArchivePerson => ({
  id: row.id,
  name: row.name,
  relationship: row.relationship,
  characterization: row.characterization,
  language: toLanguage(row.language),
  enrichedInfo: row.enrichedInfo ?? null,
  labels,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const archivePlace = (row: Row<typeof places>, labels: string[]): ArchivePlace => ({
  id: row.id,
  name: row.name,
  type: row.type,
  description: row.description,
  significance: row.significance,
  language: toLanguage(row.language),
  enrichedInfo: row.enrichedInfo ?? null,
  labels,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const archiveStory = (
  row: Row<typeof stories>,
  files: { markdownFile: string; narrationFile: string | null },
  published: ArchiveStory['published'],
  recordingIds: ReadonlySet<number>,
): ArchiveStory => ({
  id: row.id,
  title: row.title,
  content: row.content,
  language: toLanguage(row.language),
  status: row.processingStatus,
  pointOfView: row.pointOfView,
  style: row.storyStyle,
  tone: row.tone,
  creativity: row.creativity,
  promptQuestion: row.promptQuestion,
  questionId: row.questionId,
  chapterId: row.chapterId,
  chapterOrder: row.chapterOrder,
  metadata: row.metadata,
  time: archiveTime(row),
  titleEditedAt: isoOrNull(row.titleEditedAt),
  contentEditedAt: isoOrNull(row.contentEditedAt),
  onlyMe: row.onlyMe,
  generatedAt: isoOrNull(row.generatedAt),
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  published,
  paragraphSources: sourcesKeptTo(row.paragraphSources, recordingIds),
  markdownFile: files.markdownFile,
  narrationFile: files.narrationFile,
});

export const archiveRecording = (
  row: Row<typeof recordings>,
  audio: { audioFile: string; sha256: string; sizeBytes: number; transcriptFile: string | null; subtitlesFile: string | null },
  links: { peopleIds: number[]; placeIds: number[] },
): ArchiveRecording => ({
  id: row.id,
  storyId: row.storyId,
  order: row.orderIndex,
  audioFile: audio.audioFile,
  mimeType: row.mimeType,
  sizeBytes: audio.sizeBytes,
  sha256: audio.sha256,
  filename: row.filename,
  duration: row.duration,
  transcription: row.transcription,
  segments: row.transcriptionSegments ?? null,
  timings: row.transcriptTimings ?? null,
  detectedLanguage: row.detectedLanguage,
  status: row.processingStatus,
  transcriptionEditedAt: isoOrNull(row.transcriptionEditedAt),
  promptQuestion: row.promptQuestion,
  questionId: row.questionId,
  time: archiveTime(row),
  contributorName: row.contributorName,
  peopleIds: links.peopleIds,
  placeIds: links.placeIds,
  transcriptFile: audio.transcriptFile,
  subtitlesFile: audio.subtitlesFile,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** A story's spans kept to recordings it still has (one moved away or deleted takes its spans with it, as when heard). */
function sourcesKeptTo(sources: ParagraphSources | null, recordingIds: ReadonlySet<number>): ArchiveStory['paragraphSources'] {
  return sources?.map((spans) => spans.filter((span) => recordingIds.has(span.recordingId))) ?? null;
}

export const archiveFollowUp = (row: Row<typeof followUpQuestions>): ArchiveFollowUp => ({
  id: row.id,
  storyId: row.storyId,
  question: row.question,
  language: toLanguage(row.language),
  isAnswered: row.isAnswered,
  answeredAt: isoOrNull(row.answeredAt),
  answerStoryId: row.answerStoryId,
  answerRecordingId: row.answerRecordingId,
  createdAt: iso(row.createdAt),
});

export const archiveAutobiography = (
  row: Row<typeof autobiographies>,
  storyIds: number[],
  files: { epubFile: string | null; pdfFile: string | null },
): ArchiveAutobiography => {
  const language = toLanguage(row.language);
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    language,
    status: row.processingStatus,
    pointOfView: row.pointOfView,
    style: row.storyStyle,
    authorName: row.authorName,
    // Every stored field is kept (the plan, what grounding removed); a chapter the writer did not name gets its shown title.
    chapters: row.chapters.map((chapter, i) => ({ ...chapter, title: chapterTitle(chapter, i + 1, language) })),
    storyIds,
    epubFile: files.epubFile,
    pdfFile: files.pdfFile,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
};

/** Where a photo belongs, as the archive names it. */
export function photoHome(row: Pick<Row<typeof photos>, 'storyId' | 'recordingId' | 'personId' | 'placeId'>): ArchivePhoto['home'] {
  if (row.storyId !== null) return { type: 'story', id: row.storyId };
  if (row.recordingId !== null) return { type: 'recording', id: row.recordingId };
  if (row.personId !== null) return { type: 'person', id: row.personId };
  if (row.placeId !== null) return { type: 'place', id: row.placeId };
  return null;
}

export const archivePhoto = (
  row: Row<typeof photos>,
  files: { originalFile: string; sizeBytes: number; sha256: string; displayFile: string; displaySha256: string },
  links: { coverOf: number[]; portraitOf: number[]; toldIn: number[] },
): ArchivePhoto => ({
  id: row.id,
  home: photoHome(row),
  position: row.position,
  caption: row.caption,
  takenOn: row.takenOn,
  hasLocation: row.hasLocation,
  width: row.width,
  height: row.height,
  contributorName: row.contributorName,
  originalFile: files.originalFile,
  originalType: row.originalType as PhotoType,
  sizeBytes: files.sizeBytes,
  sha256: files.sha256,
  displayFile: files.displayFile,
  displaySha256: files.displaySha256,
  coverOf: links.coverOf,
  portraitOf: links.portraitOf,
  toldIn: links.toldIn,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});
