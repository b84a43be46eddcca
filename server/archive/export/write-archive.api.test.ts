import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import yauzl from 'yauzl';
import type { z } from 'zod';
import { type ChatRequestInfo, type FakeOpenAi, startFakeOpenAi } from '../../../test/fakes/openai-server.ts';
import { fakeOpenAiEngines } from '../../../test/support/engines.ts';
import { HttpClient, signedUpClient, uploadForm } from '../../../test/support/http-client.ts';
import { settledRecording, settledStory, waitFor } from '../../../test/support/pipeline.ts';
import { seeder } from '../../../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { autobiographyStories, followUpQuestions, recordings } from '../../db/schema.ts';
import {
  ARCHIVE_FORMAT,
  type ArchiveAutobiography,
  type ArchiveDataName,
  type ArchiveRecording,
  type ArchiveStory,
  DATA_FILES,
  archiveDataSchemas,
  archiveJsonSchema,
  archiveManifestSchema,
  dataFilePath,
} from '../format.ts';
import { vttTimestamp } from './webvtt.ts';
import { writeArchive } from './write-archive.ts';

// The whole account into one ZIP through the real server, database, store and pipeline (a local
// server speaking the OpenAI API writes the stories), read back with yauzl entry by entry.
const SETTLED = 30_000;
const JFK = clipTranscript(CLIPS.jfk);
const SEGMENTS = [
  { start: 0, end: 4.2, text: 'And so, my fellow Americans,' },
  { start: 4.2, end: 11, text: 'ask not what your country can do for you.' },
];
const story = (title: string, content: string) => ({ title, content, people: [], locations: [], dates: [], storyType: 'other' });

let fake: FakeOpenAi;
let server: TestApp;
let owner: HttpClient;
let ownerId: string;
let strangerId: string;
let jfkWav: Buffer;
let englishWav: Buffer;
let narrationMp3: Buffer;
let work: string;
/** What the account holds, as the test made it. */
let made: {
  spokenStoryId: number;
  spokenRecordingId: number;
  answerStoryId: number;
  handEditedStoryId: number;
  publishedStoryId: number;
  contributionId: number;
  bookId: number;
};

beforeAll(async () => {
  fake = await startFakeOpenAi();
  work = await mkdtemp(path.join(tmpdir(), 'saaga-export-test-'));
  jfkWav = await readFile(CLIPS.jfk);
  englishWav = await readFile(CLIPS.english);
  narrationMp3 = await readFile(CLIPS.jfkMp3);
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '100000', CONTRIBUTION_RATE_LIMIT: '100000' }, { engines: fakeOpenAiEngines(fake) });
  ({ client: owner, id: ownerId } = await signedUpClient(server.url, 'owner@example.com', 'fi'));
  ({ id: strangerId } = await signedUpClient(server.url, 'stranger@example.com'));
  made = await accountWithOneOfEverything();
}, 120_000);
afterEach(() => {
  expect(server.backgroundErrors).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const db = () => server.database.db;
const seed = () => seeder(db(), server.store);

async function upload(client: HttpClient, route: string, fields: Record<string, string>, bytes: Buffer) {
  const response = await uploadForm(client, route, { appLanguage: 'fi', ...fields }, { bytes, filename: 'recording.wav', type: 'audio/wav' });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

async function accountWithOneOfEverything() {
  fake.setTranscript({ text: JFK, language: 'en', segments: SEGMENTS });
  fake.setChatReply((request: ChatRequestInfo) =>
    request.schemaName === 'follow_up_questions' ? { questions: ['Kuka oli paikalla?'] } : story('Kysy älä', 'Kysy, mitä sinä voit tehdä maasi hyväksi.'),
  );
  // A spoken story: a real clip through the pipeline, with a person and a place, in a chapter.
  // whisper-1 gives timed segments; the gpt-4o models text only.
  const spoken = await upload(owner, '/api/recordings', { contextType: 'new_story', transcriptionModel: 'whisper-1' }, jfkWav);
  await settledStory(owner, spoken.story.id, SETTLED);
  const anna = await seed().person(ownerId, 'Anna', 'sister');
  const lake = await seed().place(ownerId, 'Näsijärvi', 'lake');
  expect((await owner.request('PATCH', `/api/recordings/${spoken.recording.id}/people`, { peopleIds: [anna.id] })).status).toBe(200);
  expect((await owner.request('PATCH', `/api/recordings/${spoken.recording.id}/places`, { placeIds: [lake.id] })).status).toBe(200);
  const chapter = await seed().chapter(ownerId, 'Lapsuus');
  expect((await owner.request('PATCH', `/api/stories/${spoken.story.id}/chapter`, { chapterId: chapter.id })).status).toBe(200);
  // The writer's follow-up question about it.
  await waitFor(() => db().select().from(followUpQuestions).where(eq(followUpQuestions.storyId, spoken.story.id)), (rows) => rows.length > 0, SETTLED, 'a follow-up question');

  // An interview answer.
  const answer = await upload(owner, '/api/recordings', { contextType: 'new_story', questionId: 'childhood.smell', promptQuestion: 'Miltä kesä tuoksui?' }, jfkWav);
  await settledStory(owner, answer.story.id, SETTLED);

  // A story the person edited by hand.
  const edited = await seed().story(ownerId, { title: 'Generated title', content: 'Generated text.' });
  expect((await owner.request('PATCH', `/api/stories/${edited.id}`, { title: 'Oma otsikko' })).status).toBe(200);
  expect((await owner.request('PATCH', `/api/stories/${edited.id}`, { content: 'Omat sanani järvestä.' })).status).toBe(200);

  // A published story with its narration ready.
  const published = await seed().story(ownerId, { title: 'Julkaistu', content: 'Kaikille luettavaksi.' });
  const narrationKey = `users/${ownerId}/narrations/1-test.mp3`;
  await server.store.put(narrationKey, narrationMp3, 'audio/mpeg');
  await seed().publishedStory(ownerId, published.id, 'julkaistu', { title: 'Julkaistu', content: 'Kaikille luettavaksi.', audioKey: narrationKey, audioStatus: 'ready' });

  // A co-author's contribution to the spoken story, through its link.
  const link = await seed().coAuthorToken(ownerId, spoken.story.id);
  const form = new FormData();
  form.append('contributorName', 'Pekka');
  form.append('audio', new Blob([new Uint8Array(englishWav)], { type: 'audio/wav' }), 'recording-1.wav');
  const contributed = await new HttpClient(server.url).request('POST', `/api/co-author/${link.token}/recordings`, form);
  expect(contributed.status, await contributed.clone().text()).toBe(201);
  const contributionId: number = (await contributed.json()).recording.id;
  await waitFor(
    async () => (await db().select().from(recordings).where(eq(recordings.id, contributionId)))[0],
    (row) => row.processingStatus === 'transcribed',
    SETTLED,
    'the contribution transcribed',
  );
  await settledStory(owner, spoken.story.id, SETTLED);

  // A written autobiography.
  const book = await seed().autobiography(ownerId, 'Elämäni', {
    language: 'fi',
    processingStatus: 'generated',
    authorName: 'Aino Virtanen',
    chapters: [{ title: 'Lapsuus', storyIds: [spoken.story.id], content: 'Kesällä uin järvessä.', removed: [] }],
  });
  await db().insert(autobiographyStories).values({ autobiographyId: book.id, storyId: spoken.story.id, position: 0 });

  // Someone else's: never in this archive.
  const theirs = await seed().story(strangerId, { title: 'Stranger secret', content: 'Nobody else should read this.' });
  await seed().recording(strangerId, { storyId: theirs.id, transcription: 'Stranger transcript words.' });

  return {
    spokenStoryId: spoken.story.id,
    spokenRecordingId: spoken.recording.id,
    answerStoryId: answer.story.id,
    handEditedStoryId: edited.id,
    publishedStoryId: published.id,
    contributionId,
    bookId: book.id,
  };
}

/** Every entry of a ZIP, read with yauzl (which checks names and sizes). */
async function readZip(file: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const text = (entries: Map<string, Buffer>, name: string) => {
  const bytes = entries.get(name);
  if (!bytes) throw new Error(`no ${name} in the archive: ${[...entries.keys()].join(', ')}`);
  return bytes.toString('utf8');
};
const dataOf = <Name extends ArchiveDataName>(entries: Map<string, Buffer>, name: Name): z.infer<(typeof archiveDataSchemas)[Name]> =>
  archiveDataSchemas[name].parse(JSON.parse(text(entries, dataFilePath(name)))) as z.infer<(typeof archiveDataSchemas)[Name]>;

async function exported(name: string, language: 'en' | 'fi' = 'fi') {
  const file = path.join(work, name);
  const progress: [number, number][] = [];
  const result = await writeArchive(
    { db: db(), store: server.store, site: server.app.site },
    { userId: ownerId, language, exportedAt: new Date('2026-11-28T06:00:00.000Z') },
    file,
    { onProgress: async (done, total) => void progress.push([done, total]) },
  );
  return { file, result, progress, entries: await readZip(file) };
}

describe('writeArchive', () => {
  it('writes every part of the account: audio as uploaded with its hash, transcripts, stories, data, books, narrations, the site', async () => {
    const { file, result, progress, entries } = await exported('account.zip');
    expect(result.sizeBytes).toBe((await readFile(file)).length);

    // archive.json, schema.json, README.txt in Finnish.
    const manifest = archiveManifestSchema.parse(JSON.parse(text(entries, 'archive.json')));
    expect(manifest).toMatchObject({ format: ARCHIVE_FORMAT, language: 'fi', exportedAt: '2026-11-28T06:00:00.000Z', account: { name: 'Aino' } });
    expect(JSON.parse(text(entries, 'schema.json'))).toEqual(JSON.parse(JSON.stringify(archiveJsonSchema())));
    expect(text(entries, 'README.txt')).toContain('SAAGA-ARKISTOSI');
    expect(text(entries, 'README.txt')).toContain('index.html');

    // Every data file parses with its schema; the manifest counts what they hold.
    for (const name of DATA_FILES) expect(manifest.counts[name], name).toBe(dataOf(entries, name).length);
    const storiesJson = dataOf(entries, 'stories');
    const recordingsJson = dataOf(entries, 'recordings');
    expect(storiesJson.map((s) => s.id).sort()).toEqual(
      [made.spokenStoryId, made.answerStoryId, made.handEditedStoryId, made.publishedStoryId].sort(),
    );

    // Recordings: the uploaded bytes, stored without compression, their hash, transcript and subtitles.
    const spoken = recordingsJson.find((r) => r.id === made.spokenRecordingId)!;
    expect(entries.get(spoken.audioFile)!.equals(jfkWav)).toBe(true);
    expect(spoken.sha256).toBe(sha256(jfkWav));
    expect(spoken.sizeBytes).toBe(jfkWav.length);
    expect(spoken.audioFile).toMatch(/^recordings\/\d{4}-\d{2}-\d{2} Kysy älä\.wav$/);
    expect(spoken.peopleIds).toHaveLength(1);
    expect(spoken.placeIds).toHaveLength(1);
    expect(text(entries, spoken.transcriptFile!)).toBe(`${JFK}\n`);
    const vtt = text(entries, spoken.subtitlesFile!);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    // A cue per timed sentence: whisper-1's word times, grouped into the transcript's sentences.
    const [{ timings }] = await db().select({ timings: recordings.transcriptTimings }).from(recordings).where(eq(recordings.id, spoken.id));
    expect(timings?.source).toBe('words');
    expect(timings!.sentences.map((sentence) => sentence.text)).toEqual([JFK]);
    for (const sentence of timings!.sentences) {
      expect(vtt).toContain(`${vttTimestamp(sentence.start)} --> ${vttTimestamp(sentence.end)}\n${sentence.text}`);
    }
    for (const recording of recordingsJson) {
      expect(sha256(entries.get(recording.audioFile)!), recording.audioFile).toBe(recording.sha256);
    }

    // The co-author's contribution, marked with the name they gave.
    const contribution = recordingsJson.find((r) => r.id === made.contributionId)!;
    expect(contribution.contributorName).toBe('Pekka');
    expect(entries.get(contribution.audioFile)!.equals(englishWav)).toBe(true);

    // Stories as Markdown with front matter that parses with yaml.
    const frontMatter = (s: ArchiveStory) => {
      const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(text(entries, s.markdownFile));
      expect(match, s.markdownFile).not.toBeNull();
      return { yaml: parseYaml(match![1]), body: match![2] };
    };
    const spokenStory = storiesJson.find((s) => s.id === made.spokenStoryId)!;
    expect(frontMatter(spokenStory).yaml).toMatchObject({
      title: 'Kysy älä',
      people: ['Anna'],
      places: ['Näsijärvi'],
      chapter: 'Lapsuus',
      recordings: [spoken.audioFile, contribution.audioFile],
      contributors: ['Pekka'],
      published: null,
    });
    const edited = storiesJson.find((s) => s.id === made.handEditedStoryId)!;
    const editedMd = frontMatter(edited);
    expect(editedMd.yaml.handEdited.title).toEqual(expect.any(String));
    expect(editedMd.yaml.handEdited.content).toEqual(expect.any(String));
    expect(editedMd.body).toBe('Omat sanani järvestä.\n');
    expect(edited.markdownFile).toMatch(/^stories\/\d{4}-\d{2}-\d{2} Oma otsikko\.md$/);

    // The published story: its link from the site's own origin, its narration's bytes.
    const published = storiesJson.find((s) => s.id === made.publishedStoryId)!;
    expect(published.published?.url).toBe(`${server.url}/published/julkaistu`);
    expect(frontMatter(published).yaml.published).toBe(`${server.url}/published/julkaistu`);
    expect(published.narrationFile).toMatch(/^narrations\/\d{4}-\d{2}-\d{2} Julkaistu\.mp3$/);
    expect(entries.get(published.narrationFile!)!.equals(narrationMp3)).toBe(true);

    // Interview answers and follow-up questions.
    expect(dataOf(entries, 'interview-answers')).toEqual(
      expect.arrayContaining([expect.objectContaining({ questionId: 'childhood.smell', question: 'Miltä kesä tuoksui?', storyId: made.answerStoryId })]),
    );
    expect(dataOf(entries, 'follow-up-questions')).toEqual(expect.arrayContaining([expect.objectContaining({ storyId: made.spokenStoryId, question: 'Kuka oli paikalla?' })]));
    expect(dataOf(entries, 'people')).toEqual([expect.objectContaining({ name: 'Anna', relationship: 'sister' })]);
    expect(dataOf(entries, 'places')).toEqual([expect.objectContaining({ name: 'Näsijärvi' })]);
    expect(dataOf(entries, 'chapters')).toEqual([expect.objectContaining({ title: 'Lapsuus' })]);

    // The book as EPUB (a ZIP with its mimetype first) and PDF.
    const [book] = dataOf(entries, 'autobiographies') as ArchiveAutobiography[];
    expect(book).toMatchObject({ id: made.bookId, title: 'Elämäni', storyIds: [made.spokenStoryId] });
    expect(book.epubFile).toMatch(/^books\/\d{4}-\d{2}-\d{2} Elämäni\.epub$/);
    expect(entries.get(book.epubFile!)!.subarray(30, 58).toString('latin1')).toBe('mimetypeapplication/epub+zip');
    expect(entries.get(book.pdfFile!)!.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The offline site's pages.
    expect(text(entries, 'index.html')).toContain('Kysy älä');

    // Progress counted every file, up to its total.
    const total = progress[0][1];
    expect(progress.at(-1)).toEqual([total, total]);
    expect(total).toBe(recordingsJson.length + storiesJson.length + 1 /* narration */ + 1 /* book */ + 1);

    // Another user's rows and words are nowhere in it.
    const everything = [...entries.values()].map((bytes) => bytes.toString('latin1')).join('\n');
    expect(everything).not.toContain('Stranger secret');
    expect(everything).not.toContain('Stranger transcript words');
    expect(everything).not.toContain(strangerId);
  }, 120_000);

  it('exporting twice names every file the same; in English the README is English', async () => {
    const first = await exported('first.zip');
    const second = await exported('second.zip', 'en');
    expect([...second.entries.keys()]).toEqual([...first.entries.keys()]);
    expect(text(second.entries, 'README.txt')).toContain('YOUR SAAGA ARCHIVE');
    const recordingsOf = (entries: Map<string, Buffer>) => (dataOf(entries, 'recordings') as ArchiveRecording[]).map((r) => [r.audioFile, r.sha256]);
    expect(recordingsOf(second.entries)).toEqual(recordingsOf(first.entries));
  }, 60_000);

  it('an aborted export stops with the signal’s reason and does not finish the file', async () => {
    const controller = new AbortController();
    const file = path.join(work, 'aborted.zip');
    const reason = new Error('cancelled by the test');
    await expect(
      writeArchive({ db: db(), store: server.store }, { userId: ownerId, language: 'en', exportedAt: new Date() }, file, {
        onProgress: async () => controller.abort(reason),
        signal: controller.signal,
      }),
    ).rejects.toBe(reason);
    await expect(readZip(file)).rejects.toThrow();
  });
});
