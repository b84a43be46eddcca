import {
  ARCHIVE_FORMAT,
  ARCHIVE_PATHS,
  ARCHIVE_VERSION,
  type ArchiveDataName,
  archiveDataSchemas,
  type ArchiveManifest,
  archiveManifestSchema,
  DATA_FILES,
  DATA_FILES_SINCE,
  dataFilePath,
} from '../format.ts';
import type { ArchiveBounds } from './bounds.ts';
import { archiveRefusal } from './refusals.ts';
import type { OpenArchive } from './zip-reader.ts';

/** The rows of an archive's data/ files, each checked against its schema. */
export type ArchiveData = { [K in ArchiveDataName]: ReturnType<(typeof archiveDataSchemas)[K]['parse']> };

export interface ArchiveContents {
  manifest: ArchiveManifest;
  data: ArchiveData;
}

/**
 * Reads what an archive says it holds: archive.json first (is this a Saaga archive at all?),
 * then every data/*.json file, each bounded in size before it is parsed and checked against
 * its schema (format.ts), then every reference between them and to the archive's files.
 */
export async function readContents(archive: OpenArchive, bounds: ArchiveBounds): Promise<ArchiveContents> {
  const manifestEntry = archive.files.get(ARCHIVE_PATHS.manifest);
  if (!manifestEntry) throw archiveRefusal.notAnArchive();
  const manifestJson = parseJson(await archive.readBuffer(manifestEntry, bounds.maxManifestBytes, archiveRefusal.notAnArchive));
  const format = (manifestJson as { format?: unknown } | undefined)?.format;
  const version = (manifestJson as { version?: unknown } | undefined)?.version;
  if (format !== ARCHIVE_FORMAT) throw archiveRefusal.notAnArchive();
  if (typeof version === 'number' && version > ARCHIVE_VERSION) throw archiveRefusal.newerVersion();
  const manifest = archiveManifestSchema.safeParse(manifestJson);
  if (!manifest.success) throw archiveRefusal.invalidData(ARCHIVE_PATHS.manifest);

  const data = {} as Record<ArchiveDataName, unknown>;
  for (const name of DATA_FILES) {
    const path = dataFilePath(name);
    const entry = archive.files.get(path);
    // A file an older version of the archive did not have yet: it has none of those rows.
    if (!entry && manifest.data.version < (DATA_FILES_SINCE[name] ?? 0)) {
      data[name] = [];
      continue;
    }
    if (!entry) throw archiveRefusal.missingFile(path);
    const parsed = archiveDataSchemas[name].safeParse(parseJson(await archive.readBuffer(entry, bounds.maxJsonBytes, () => archiveRefusal.invalidData(path))));
    if (!parsed.success) throw archiveRefusal.invalidData(path);
    data[name] = parsed.data;
  }
  const contents = { manifest: manifest.data, data: data as ArchiveData };
  checkReferences(contents.data, archive);
  return contents;
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Every id a row names is a row of the archive, every id is used once per kind, and every
 * recording's audio is a file in it: what the import ties together must be there.
 */
export function checkReferences(data: ArchiveData, archive: Pick<OpenArchive, 'files'>): void {
  const idsOf = (name: ArchiveDataName, rows: { id: number }[]) => {
    const ids = new Set(rows.map((row) => row.id));
    if (ids.size !== rows.length) throw archiveRefusal.invalidData(dataFilePath(name));
    return ids;
  };
  const chapters = idsOf('chapters', data.chapters);
  const stories = idsOf('stories', data.stories);
  const recordings = idsOf('recordings', data.recordings);
  const people = idsOf('people', data.people);
  const places = idsOf('places', data.places);
  idsOf('follow-up-questions', data['follow-up-questions']);
  idsOf('autobiographies', data.autobiographies);
  idsOf('photos', data.photos);

  const must = (known: Set<number>, id: number | null, what: string) => {
    if (id !== null && !known.has(id)) throw archiveRefusal.brokenReference(`${what} ${id}`);
  };
  for (const story of data.stories) must(chapters, story.chapterId, 'chapter');
  const recordingsOf = storyRecordings(data);
  for (const story of data.stories) {
    // A paragraph is heard from the story's own recordings only (as the export writes it).
    for (const span of story.paragraphSources?.flat() ?? []) must(recordingsOf.get(story.id) ?? new Set(), span.recordingId, 'recording');
  }
  for (const recording of data.recordings) {
    must(stories, recording.storyId, 'story');
    for (const id of recording.peopleIds) must(people, id, 'person');
    for (const id of recording.placeIds) must(places, id, 'place');
    if (!archive.files.has(recording.audioFile)) throw archiveRefusal.missingFile(recording.audioFile);
  }
  for (const question of data['follow-up-questions']) {
    must(stories, question.storyId, 'story');
    must(stories, question.answerStoryId, 'story');
    must(recordings, question.answerRecordingId, 'recording');
  }
  for (const answer of data['interview-answers']) {
    must(stories, answer.storyId, 'story');
    must(recordings, answer.recordingId, 'recording');
  }
  for (const book of data.autobiographies) {
    if (new Set(book.storyIds).size !== book.storyIds.length) throw archiveRefusal.invalidData(dataFilePath('autobiographies'));
    for (const id of book.storyIds) must(stories, id, 'story');
  }
  checkPhotoReferences(data, archive, { stories, recordings, people, places }, must);
}

/** Each story's recordings in the archive, by id. */
function storyRecordings(data: ArchiveData): Map<number, Set<number>> {
  const byStory = new Map<number, Set<number>>();
  for (const recording of data.recordings) {
    if (recording.storyId === null) continue;
    if (!byStory.has(recording.storyId)) byStory.set(recording.storyId, new Set());
    byStory.get(recording.storyId)!.add(recording.id);
  }
  return byStory;
}

/**
 * A photo's home is a row of the archive and its original a file in it; a story has one cover
 * at most, a person one portrait, a recording is told about one photo.
 */
function checkPhotoReferences(
  data: ArchiveData,
  archive: Pick<OpenArchive, 'files'>,
  known: Record<'stories' | 'recordings' | 'people' | 'places', Set<number>>,
  must: (known: Set<number>, id: number | null, what: string) => void,
): void {
  const homes = { story: known.stories, recording: known.recordings, person: known.people, place: known.places } as const;
  const once = (seen: Set<number>, ids: number[]) => {
    for (const id of ids) {
      if (seen.has(id)) throw archiveRefusal.invalidData(dataFilePath('photos'));
      seen.add(id);
    }
  };
  const [covers, portraits, told] = [new Set<number>(), new Set<number>(), new Set<number>()];
  for (const photo of data.photos) {
    if (photo.home) must(homes[photo.home.type], photo.home.id, photo.home.type);
    for (const id of photo.coverOf) must(known.stories, id, 'story');
    for (const id of photo.portraitOf) must(known.people, id, 'person');
    for (const id of photo.toldIn) must(known.recordings, id, 'recording');
    once(covers, photo.coverOf);
    once(portraits, photo.portraitOf);
    once(told, photo.toldIn);
    if (!archive.files.has(photo.originalFile)) throw archiveRefusal.missingFile(photo.originalFile);
  }
}
