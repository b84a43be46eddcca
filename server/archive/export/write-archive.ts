import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Language } from '../../../contract/languages.ts';
import { bookOf } from '../../autobiography/book.ts';
import type { Database } from '../../db/client.ts';
import { autobiographies, autobiographyStories, followUpQuestions, recordings, stories } from '../../db/schema.ts';
import type { SiteOrigin } from '../../http/site-origin.ts';
import { publicPagePath } from '../../publishing/presenter.ts';
import type { BlobStore } from '../../storage/index.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_PATHS,
  ARCHIVE_VERSION,
  type ArchiveAutobiography,
  type ArchiveDataName,
  type ArchiveManifest,
  type ArchiveRecording,
  type ArchiveStory,
  archiveDataSchemas,
  archiveJsonSchema,
  archiveManifestSchema,
  DATA_FILES,
  dataFilePath,
} from '../format.ts';
import { offlineSitePages } from '../offline-site/index.ts';
import { type AccountIndex, answersAQuestion, readAccountIndex, recordingLinks } from './account-index.ts';
import { archiveAutobiography, archiveFollowUp, archiveRecording, archiveStory } from './archive-rows.ts';
import { MissingBlobError, openDigested } from './blob-entry.ts';
import { type StoryPhotos, writePhotos } from './photo-entries.ts';
import { archiveNamer, audioExtension } from './file-names.ts';
import { JsonArrayFile } from './json-array-file.ts';
import { keysetPages } from './keyset-pages.ts';
import { progressCounter } from './progress.ts';
import { archiveReadme } from './readme.ts';
import { storyMarkdown } from './story-markdown.ts';
import { transcriptVtt } from './webvtt.ts';
import { ZipWriter } from './zip-writer.ts';

export interface WriteArchiveDeps {
  db: Database;
  store: BlobStore;
  /** Where published stories' links point (never a request's Host); without it, `published.url` is null. */
  site?: Pick<SiteOrigin, 'linksOrNull'>;
}

export interface WriteArchiveRequest {
  userId: string;
  /** The person's interface language: README.txt, the offline site and fallback file names are in it. */
  language: Language;
  exportedAt: Date;
}

export interface WriteArchiveOptions {
  /** Files written so far, of all; called every few files and once at the end. */
  onProgress(done: number, total: number): Promise<void>;
  /** Stops the export between two files (the job was cancelled or the server stops). */
  signal?: AbortSignal;
}

/** Rows read from the database per query: memory holds a page of them, whatever the account's size. */
const PAGE_SIZE = 200;

type DataFiles = { [Name in ArchiveDataName]: JsonArrayFile<(typeof archiveDataSchemas)[Name]['element']> };

/** What the recordings tell their stories' front matter. */
interface StoryRecordings {
  files: { order: number; id: number; audioFile: string }[];
  peopleIds: Set<number>;
  placeIds: Set<number>;
  contributors: Set<string>;
}

/**
 * Writes the whole account's archive (docs/decisions/034-the-archive.md, the layout in
 * `../format.ts`) to `zipFile`, a path in a temporary folder the caller made. Streamed: rows
 * are read a page at a time, each recording is streamed from the store into the ZIP (stored,
 * not compressed, its SHA-256 taken on the way), and the large data files are built on disk row
 * by row beside `zipFile` and added after; only the offline site's rows (stories with their
 * text, recordings without their transcripts) are held until the end.
 */
export async function writeArchive(
  deps: WriteArchiveDeps,
  request: WriteArchiveRequest,
  zipFile: string,
  options: WriteArchiveOptions,
): Promise<{ sizeBytes: number }> {
  const work = await mkdtemp(path.join(path.dirname(zipFile), 'archive-parts-'));
  const zip = new ZipWriter(zipFile, request.exportedAt);
  const data = Object.fromEntries(
    DATA_FILES.map((name) => [name, new JsonArrayFile(path.join(work, `${name}.json`), archiveDataSchemas[name].element)]),
  ) as unknown as DataFiles;
  try {
    await writeEntries(deps, request, zip, data, options);
    return { sizeBytes: await zip.finish() };
  } catch (error) {
    zip.abort();
    for (const file of Object.values(data)) file.destroy();
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function writeEntries(deps: WriteArchiveDeps, request: WriteArchiveRequest, zip: ZipWriter, data: DataFiles, options: WriteArchiveOptions) {
  const { db, store } = deps;
  const { userId, language, exportedAt } = request;
  const checkpoint = () => options.signal?.throwIfAborted();
  const account = await readAccountIndex(db, userId);
  const progress = progressCounter(account.fileCount + 1, options.onProgress);
  const names = archiveNamer(language);
  await progress.report();

  await zip.addText(ARCHIVE_PATHS.readme, archiveReadme(language, exportedAt, account.accountName));
  await zip.addText(ARCHIVE_PATHS.schema, `${JSON.stringify(archiveJsonSchema(), null, 2)}\n`);
  for (const row of account.chapters) await data.chapters.push(row);
  for (const row of account.people) await data.people.push(row);
  for (const row of account.places) await data.places.push(row);

  // Recordings first: a story's front matter names its recordings' files, people and places.
  const siteRecordings: ArchiveRecording[] = [];
  const byStory = new Map<number, StoryRecordings>();
  for await (const page of keysetPages(db, recordings, userId, PAGE_SIZE)) {
    const links = await recordingLinks(
      db,
      page.map((row) => row.id),
    );
    for (const row of page) {
      checkpoint();
      const storyTitle = row.storyId === null ? null : (account.storyTitles.get(row.storyId) ?? null);
      const files = names.recording(row.createdAt, storyTitle, audioExtension(row.audioKey, row.mimeType));
      let digest: { sha256: string; sizeBytes: number } | undefined;
      await zip.add(
        files.audioFile,
        async () => {
          const stream = await openDigested(store, row.audioKey);
          stream.once('end', () => (digest = stream.result()));
          return stream;
        },
        { compress: false },
      );
      if (!digest) throw new MissingBlobError(row.audioKey);
      const hasTranscript = row.transcription !== null;
      if (row.transcription !== null) {
        await zip.addText(files.transcriptFile, `${row.transcription.trim()}\n`);
        await zip.addText(
          files.subtitlesFile,
          transcriptVtt({
            text: row.transcription,
            timings: row.transcriptTimings,
            segments: row.transcriptionSegments,
            duration: row.duration,
            editedByHand: row.transcriptionEditedAt !== null,
          }),
        );
      }
      const recording = archiveRecording(
        row,
        {
          audioFile: files.audioFile,
          ...digest,
          transcriptFile: hasTranscript ? files.transcriptFile : null,
          subtitlesFile: hasTranscript ? files.subtitlesFile : null,
        },
        { peopleIds: links.peopleIds.get(row.id) ?? [], placeIds: links.placeIds.get(row.id) ?? [] },
      );
      await data.recordings.push(recording);
      siteRecordings.push({ ...recording, transcription: null, segments: null, timings: null });
      if (answersAQuestion(row)) {
        await data['interview-answers'].push({ questionId: row.questionId, question: row.promptQuestion ?? row.questionId ?? '', storyId: null, recordingId: row.id });
      }
      if (row.storyId !== null) noteInStory(byStory, row.storyId, recording);
      await progress.step();
    }
  }

  // Photos before stories too: a story's front matter names its photos' files.
  const { sitePhotos, storyPhotos } = await writePhotos(deps, zip, data.photos, account, names, userId, checkpoint, progress.step);

  const siteStories: ArchiveStory[] = [];
  for await (const page of keysetPages(db, stories, userId, PAGE_SIZE)) {
    for (const row of page) {
      checkpoint();
      siteStories.push(await writeStory(deps, zip, data, account, names, byStory.get(row.id), storyPhotos, row, progress.step));
      if (answersAQuestion(row)) {
        await data['interview-answers'].push({ questionId: row.questionId, question: row.promptQuestion ?? row.questionId ?? '', storyId: row.id, recordingId: null });
      }
    }
  }

  for await (const page of keysetPages(db, followUpQuestions, userId, PAGE_SIZE)) {
    for (const row of page) await data['follow-up-questions'].push(archiveFollowUp(row));
  }

  const siteBooks = await writeBooks(deps, zip, data, account, names, userId, checkpoint, progress.step);

  for (const name of DATA_FILES) {
    await data[name].close();
    await zip.addFile(dataFilePath(name), data[name].file);
  }
  const manifest: ArchiveManifest = archiveManifestSchema.parse({
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: exportedAt.toISOString(),
    language,
    account: { name: account.accountName, authorName: account.authorName },
    counts: Object.fromEntries(DATA_FILES.map((name) => [name, data[name].count])),
  });
  await zip.addText(ARCHIVE_PATHS.manifest, `${JSON.stringify(manifest, null, 2)}\n`);

  checkpoint();
  const pages = offlineSitePages({
    language,
    accountName: account.accountName,
    exportedAt,
    chapters: account.chapters,
    stories: siteStories,
    recordings: siteRecordings,
    people: account.people,
    places: account.places,
    autobiographies: siteBooks,
    photos: sitePhotos,
  });
  for (const page of pages) await zip.addText(page.path, page.content);
  await progress.finish();
}

function noteInStory(byStory: Map<number, StoryRecordings>, storyId: number, recording: ArchiveRecording) {
  let entry = byStory.get(storyId);
  if (!entry) {
    entry = { files: [], peopleIds: new Set(), placeIds: new Set(), contributors: new Set() };
    byStory.set(storyId, entry);
  }
  entry.files.push({ order: recording.order, id: recording.id, audioFile: recording.audioFile });
  for (const id of recording.peopleIds) entry.peopleIds.add(id);
  for (const id of recording.placeIds) entry.placeIds.add(id);
  if (recording.contributorName) entry.contributors.add(recording.contributorName);
}

/** One story: its Markdown file, its narration when it is published with one, and its row in stories.json. */
async function writeStory(
  deps: WriteArchiveDeps,
  zip: ZipWriter,
  data: DataFiles,
  account: AccountIndex,
  names: ReturnType<typeof archiveNamer>,
  recorded: StoryRecordings | undefined,
  storyPhotos: StoryPhotos,
  row: typeof stories.$inferSelect,
  step: () => Promise<void>,
): Promise<ArchiveStory> {
  const copy = account.published.get(row.id);
  const origin = deps.site?.linksOrNull() ?? null;
  const markdownFile = names.story(row.createdAt, row.title);
  const narrationFile = copy?.narrationKey ? names.narration(row.createdAt, row.title) : null;
  const story = archiveStory(
    row,
    { markdownFile, narrationFile },
    copy ? { url: origin ? `${origin}${publicPagePath(copy.slug)}` : null, publishedAt: copy.publishedAt.toISOString() } : null,
    new Set((recorded?.files ?? []).map((file) => file.id)),
  );
  const nameOf = (list: { id: number; name: string }[], ids: Set<number> | undefined) =>
    list.filter((item) => ids?.has(item.id)).map((item) => item.name);
  await zip.addText(
    markdownFile,
    storyMarkdown(story, {
      chapter: account.chapters.find((chapter) => chapter.id === row.chapterId)?.title ?? null,
      people: nameOf(account.people, recorded?.peopleIds),
      places: nameOf(account.places, recorded?.placeIds),
      recordings: (recorded?.files ?? []).sort((a, b) => a.order - b.order || a.id - b.id).map((file) => file.audioFile),
      contributors: [...(recorded?.contributors ?? [])],
      photos: storyPhotos.filesOf(row.id, row.coverPhotoId),
    }),
  );
  await step();
  if (narrationFile && copy?.narrationKey) {
    const key = copy.narrationKey;
    await zip.add(
      narrationFile,
      async () => {
        const blob = await deps.store.get(key);
        if (!blob) throw new MissingBlobError(key);
        return blob.body;
      },
      { compress: false },
    );
    await step();
  }
  await data.stories.push(story);
  return story;
}

/** Each autobiography's row, and each written one as EPUB and PDF with its stories' photos (made one book at a time). */
async function writeBooks(
  deps: WriteArchiveDeps,
  zip: ZipWriter,
  data: DataFiles,
  account: AccountIndex,
  names: ReturnType<typeof archiveNamer>,
  userId: string,
  checkpoint: () => void,
  step: () => Promise<void>,
): Promise<ArchiveAutobiography[]> {
  const { db } = deps;
  const written: ArchiveAutobiography[] = [];
  const ids = await db
    .select({ id: autobiographies.id })
    .from(autobiographies)
    .where(eq(autobiographies.userId, userId))
    .orderBy(asc(autobiographies.createdAt), asc(autobiographies.id));
  for (const { id } of ids) {
    checkpoint();
    const [row] = await db.select().from(autobiographies).where(eq(autobiographies.id, id));
    if (!row) continue; // deleted while the export ran
    const storyIds = (
      await db
        .select({ storyId: autobiographyStories.storyId })
        .from(autobiographyStories)
        .where(eq(autobiographyStories.autobiographyId, id))
        .orderBy(asc(autobiographyStories.position))
    ).map((link) => link.storyId);
    let files: { epubFile: string | null; pdfFile: string | null } = { epubFile: null, pdfFile: null };
    if (row.processingStatus === 'generated') {
      files = names.book(row.createdAt, row.title);
      const book = bookOf(row);
      // A book asked for before the person had a name is signed with the one they have now, as its download is.
      const { withPhotos } = await import('../../autobiography/book-photos.ts');
      const signed = await withPhotos(deps, userId, { ...book, authorName: book.authorName ?? account.authorName ?? account.accountName });
      const { bookEpub } = await import('../../autobiography/export/epub.ts');
      await zip.addBuffer(files.epubFile!, await bookEpub(signed), { compress: false });
      const { bookPdf } = await import('../../autobiography/export/pdf.ts');
      await zip.addBuffer(files.pdfFile!, await bookPdf(signed), { compress: true });
      await step();
    }
    const autobiography = archiveAutobiography(row, storyIds, files);
    await data.autobiographies.push(autobiography);
    written.push(autobiography);
  }
  return written;
}
