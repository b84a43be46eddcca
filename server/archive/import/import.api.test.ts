import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fakes/openai-server.ts';
import { buildArchive, fullArchive } from '../../../test/support/archive-builder.ts';
import { settledImport, uploadArchive } from '../../../test/support/archive-import.ts';
import { fakeOpenAiEngines } from '../../../test/support/engines.ts';
import { signedUpClient } from '../../../test/support/http-client.ts';
import { settledRecording, waitFor } from '../../../test/support/pipeline.ts';
import { seeder } from '../../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { queueUnfinishedWork } from '../../background/recovery.ts';
import {
  archiveImports,
  autobiographies,
  autobiographyStories,
  chapters,
  followUpQuestions,
  people,
  personLabels,
  placeLabels,
  places,
  recordingPeople,
  recordingPlaces,
  recordings,
  stories,
} from '../../db/schema.ts';
import { startQueue } from '../../jobs/queue.ts';
import { importArchiveJob } from './import-archive-job.ts';
import { importPieceKey } from './keys.ts';

// The import job through the real server, queue and workers: an archive built by hand
// (test/support/archive-builder.ts) is uploaded in pieces and read into the account.
const SETTLED = 60_000;

let fake: FakeOpenAi;
let server: TestApp;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: fakeOpenAiEngines(fake) });
});
afterEach(() => {
  expect(server.backgroundErrors).toEqual([]);
  expect(fake.errors).toEqual([]);
  fake.reset();
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const db = () => server.database.db;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const iso = (date: Date | null) => date?.toISOString() ?? null;

async function audioOf(key: string): Promise<Buffer> {
  const blob = await server.store.get(key);
  if (!blob) throw new Error(`no blob ${key}`);
  const parts: Buffer[] = [];
  for await (const part of blob.body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('an archive with one of everything', () => {
  it('is read into the account: every row, link, hand edit and time as the archive has them, and the audio byte for byte', async () => {
    const { client, id: userId } = await signedUpClient(server.url, 'full@example.com');
    const archive = fullArchive();
    const importId = await uploadArchive(client, await buildArchive(archive));
    const settled = await settledImport(client, importId, SETTLED);
    expect(settled.state, JSON.stringify(settled)).toBe('done');
    expect(settled.counts).toEqual({ chapters: 2, stories: 3, recordings: 3, people: 1, places: 1, labels: 3, followUpQuestions: 2, autobiographies: 1, photos: 0 });
    expect(settled.progress.done).toBe(settled.progress.total);
    const { rows } = archive;

    const chapterRows = await db().select().from(chapters).where(eq(chapters.userId, userId)).orderBy(asc(chapters.orderIndex));
    expect(chapterRows.map((c) => ({ title: c.title, description: c.description, order: c.orderIndex, language: c.language, createdAt: iso(c.createdAt), updatedAt: iso(c.updatedAt) }))).toEqual(
      rows.chapters.map((c) => ({ title: c.title, description: c.description, order: c.order, language: c.language, createdAt: c.createdAt, updatedAt: c.updatedAt })),
    );
    const chapterOf = new Map(chapterRows.map((c) => [c.id, c.title]));

    const storyRows = await db().select().from(stories).where(eq(stories.userId, userId)).orderBy(asc(stories.createdAt), asc(stories.id));
    const storyByTitle = new Map(storyRows.map((s) => [s.title, s]));
    expect(storyRows).toHaveLength(3);
    for (const story of rows.stories) {
      const row = storyByTitle.get(story.title)!;
      expect(row, story.title).toBeDefined();
      expect({
        content: row.content,
        language: row.language,
        pointOfView: row.pointOfView,
        style: row.storyStyle,
        tone: row.tone,
        creativity: row.creativity,
        promptQuestion: row.promptQuestion,
        questionId: row.questionId,
        chapter: row.chapterId === null ? null : chapterOf.get(row.chapterId),
        chapterOrder: row.chapterOrder,
        metadata: row.metadata,
        time: { type: row.temporalType, specificDate: row.specificDate, month: row.month, year: row.year, endYear: row.endYear },
        titleEditedAt: iso(row.titleEditedAt),
        contentEditedAt: iso(row.contentEditedAt),
        generatedAt: iso(row.generatedAt),
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
      }).toEqual({
        content: story.content,
        language: story.language,
        pointOfView: story.pointOfView,
        style: story.style,
        tone: story.tone,
        creativity: story.creativity,
        promptQuestion: story.promptQuestion,
        questionId: story.questionId,
        chapter: story.chapterId === null ? null : rows.chapters.find((c) => c.id === story.chapterId)!.title,
        chapterOrder: story.chapterOrder,
        metadata: story.metadata,
        time: story.time,
        titleEditedAt: story.titleEditedAt,
        contentEditedAt: story.contentEditedAt,
        generatedAt: story.generatedAt,
        createdAt: story.createdAt,
        updatedAt: story.updatedAt,
      });
    }
    // Hand edits stay hand edits; a story the writer was still on is a draft, not written again.
    expect(storyByTitle.get('My own title')!.titleEditedAt).not.toBeNull();
    expect(storyByTitle.get('Processing...')!.processingStatus).toBe('draft');
    expect(storyByTitle.get('Kesä mökillä')!.processingStatus).toBe('generated');

    const storyTitleOf = new Map(storyRows.map((s) => [s.id, s.title]));
    const recordingRows = await db().select().from(recordings).where(eq(recordings.userId, userId)).orderBy(asc(recordings.id));
    expect(recordingRows).toHaveLength(3);
    const archiveStoryTitle = (id: number | null) => (id === null ? null : rows.stories.find((s) => s.id === id)!.title);
    for (const [i, recording] of rows.recordings.entries()) {
      const row = recordingRows[i];
      expect(await audioOf(row.audioKey)).toEqual(archive.audio[recording.audioFile]);
      expect(sha256(await audioOf(row.audioKey))).toBe(recording.sha256);
      expect(row.audioKey).toMatch(new RegExp(`^users/${userId}/recordings/`));
      expect({
        story: row.storyId === null ? null : storyTitleOf.get(row.storyId),
        order: row.orderIndex,
        mimeType: row.mimeType,
        sizeBytes: row.sizeBytes,
        filename: row.filename,
        contributorName: row.contributorName,
        promptQuestion: row.promptQuestion,
        questionId: row.questionId,
        time: { type: row.temporalType, specificDate: row.specificDate, month: row.month, year: row.year, endYear: row.endYear },
        createdAt: iso(row.createdAt),
      }).toEqual({
        story: archiveStoryTitle(recording.storyId),
        order: recording.order,
        mimeType: recording.mimeType,
        sizeBytes: recording.sizeBytes,
        filename: recording.filename,
        contributorName: recording.contributorName,
        promptQuestion: recording.promptQuestion,
        questionId: recording.questionId,
        time: recording.time,
        createdAt: recording.createdAt,
      });
      if (recording.transcription !== null) {
        // Kept as it was: never transcribed or written again.
        expect({
          transcription: row.transcription,
          segments: row.transcriptionSegments,
          detectedLanguage: row.detectedLanguage,
          editedAt: iso(row.transcriptionEditedAt),
          status: row.processingStatus,
          duration: row.duration,
          updatedAt: iso(row.updatedAt),
        }).toEqual({
          transcription: recording.transcription,
          segments: recording.segments,
          detectedLanguage: recording.detectedLanguage,
          editedAt: recording.transcriptionEditedAt,
          status: 'transcribed',
          duration: recording.duration,
          updatedAt: recording.updatedAt,
        });
      }
    }
    // The one never transcribed is transcribed as a new upload is; no other went to the transcriber.
    const untranscribed = recordingRows[2];
    expect((await settledRecording(client, untranscribed.id, SETTLED)).processingStatus).toBe('transcribed');
    expect(fake.requestsTo('transcriptions')).toHaveLength(1);

    const [person] = await db().select().from(people).where(eq(people.userId, userId));
    const [place] = await db().select().from(places).where(eq(places.userId, userId));
    expect({ ...person, id: 0, userId: '', createdAt: iso(person.createdAt), updatedAt: iso(person.updatedAt) }).toMatchObject({
      name: 'Pekka',
      relationship: 'uncle',
      characterization: 'Rowed every morning',
      language: 'en',
      enrichedInfo: { summary: 'An uncle who rowed' },
      createdAt: rows.people[0].createdAt,
    });
    expect(place).toMatchObject({ name: 'Tampere', type: 'city', description: 'By the lake', significance: 'Where summers were', enrichedInfo: null });
    expect((await db().select().from(personLabels).where(eq(personLabels.personId, person.id))).map((l) => l.label).sort()).toEqual(['Pekka', 'setä Pekka']);
    expect((await db().select().from(placeLabels).where(eq(placeLabels.placeId, place.id))).map((l) => l.label)).toEqual(['Tampere']);
    const ids = recordingRows.map((r) => r.id);
    expect(await db().select().from(recordingPeople).where(inArray(recordingPeople.recordingId, ids))).toEqual([{ recordingId: ids[0], personId: person.id }]);
    expect(
      (await db().select().from(recordingPlaces).where(inArray(recordingPlaces.recordingId, ids))).sort((a, b) => a.recordingId - b.recordingId),
    ).toEqual([
      { recordingId: ids[0], placeId: place.id },
      { recordingId: ids[1], placeId: place.id },
    ]);

    const questions = await db().select().from(followUpQuestions).where(eq(followUpQuestions.userId, userId)).orderBy(asc(followUpQuestions.id));
    expect(questions.map((q) => ({ story: storyTitleOf.get(q.storyId), question: q.question, isAnswered: q.isAnswered, answeredAt: iso(q.answeredAt), answerStory: q.answerStoryId && storyTitleOf.get(q.answerStoryId), answerRecording: q.answerRecordingId }))).toEqual([
      { story: 'My own title', question: 'Who else was in the boat?', isAnswered: true, answeredAt: '2024-06-05T08:00:00.000Z', answerStory: 'Kesä mökillä', answerRecording: ids[1] },
      { story: 'Kesä mökillä', question: 'Mitä söitte?', isAnswered: false, answeredAt: null, answerStory: null, answerRecording: null },
    ]);

    const [book] = await db().select().from(autobiographies).where(eq(autobiographies.userId, userId));
    expect(book).toMatchObject({ title: 'My life', content: '# My life\n\nText.', processingStatus: 'generated', authorName: 'Aino' });
    const bookStories = await db().select().from(autobiographyStories).where(eq(autobiographyStories.autobiographyId, book.id)).orderBy(asc(autobiographyStories.position));
    expect(bookStories.map((s) => storyTitleOf.get(s.storyId))).toEqual(['My own title', 'Kesä mökillä']);
    expect(book.chapters.map((c) => ({ ...c, storyIds: c.storyIds.map((id) => storyTitleOf.get(id)) }))).toEqual([
      { title: 'Childhood', content: 'Text.', storyIds: ['My own title', 'Kesä mökillä'], removed: [] },
    ]);

    // The pieces go once the archive is read.
    await waitFor(() => server.store.size(importPieceKey(userId, importId, 0)), (size) => size === null, SETTLED, 'the pieces removed');
  });

  it("keeps each transcript's timings and each story's paragraph sources, on the new recordings; timings not of their transcript's words are left for the background pass", async () => {
    const { client, id: userId } = await signedUpClient(server.url, 'voice@example.com');
    const archive = fullArchive();
    const [jfk, finnish] = archive.rows.recordings;
    const timed = { source: 'aligned' as const, sentences: [{ text: 'Ask not, as I corrected it.', start: 0.4, end: 2.9 }] };
    archive.rows.recordings[0] = { ...jfk, timings: timed };
    // Not the transcript's words (a hostile or broken archive): imported untimed.
    archive.rows.recordings[1] = { ...finnish, timings: { source: 'aligned', sentences: [{ text: 'Jotain aivan muuta.', start: 0, end: 1 }] } };
    archive.rows.stories[0] = { ...archive.rows.stories[0], paragraphSources: [[{ recordingId: jfk.id, start: 0.4, end: 2.9 }]] };
    const settled = await settledImport(client, await uploadArchive(client, await buildArchive(archive)), SETTLED);
    expect(settled.state, JSON.stringify(settled)).toBe('done');

    const recordingRows = await db().select().from(recordings).where(eq(recordings.userId, userId));
    const byText = new Map(recordingRows.map((row) => [row.transcription, row]));
    const asked = byText.get('Ask not, as I corrected it.')!;
    expect(asked.transcriptTimings).toEqual(timed);
    expect(byText.get('Kesällä soudimme järven yli.')!.transcriptTimings).toBeNull();
    const [story] = await db().select().from(stories).where(and(eq(stories.userId, userId), eq(stories.title, 'My own title')));
    expect(story.paragraphSources).toEqual([[{ recordingId: asked.id, start: 0.4, end: 2.9 }]]);
  });

  it('adds to an account that has stories already, and changes none of them', async () => {
    const { client, id: userId } = await signedUpClient(server.url, 'nonempty@example.com');
    const seed = seeder(db(), server.store);
    const mine = await seed.story(userId, { title: 'Already here' });
    const myRecording = await seed.recording(userId, { storyId: mine.id });
    const before = { story: await db().select().from(stories).where(eq(stories.id, mine.id)), recording: await db().select().from(recordings).where(eq(recordings.id, myRecording.id)) };

    const settled = await settledImport(client, await uploadArchive(client, await buildArchive(fullArchive())), SETTLED);
    expect(settled.state).toBe('done');
    expect(await db().select().from(stories).where(eq(stories.id, mine.id))).toEqual(before.story);
    expect(await db().select().from(recordings).where(eq(recordings.id, myRecording.id))).toEqual(before.recording);
    expect(await db().select({ id: stories.id }).from(stories).where(eq(stories.userId, userId))).toHaveLength(4);
    // The untranscribed recording settles before the next test looks at the fake's requests.
    const [untranscribed] = await db().select().from(recordings).where(and(eq(recordings.userId, userId), eq(recordings.filename, 'jfk.mp3')));
    expect(untranscribed).toBeDefined();
    const pending = await db().select().from(recordings).where(and(eq(recordings.userId, userId), eq(recordings.processingStatus, 'uploaded')));
    for (const recording of pending) await settledRecording(client, recording.id, SETTLED);
  });
});

describe('after a crash', () => {
  it('an import left queued with no job is taken again by the recovery pass', async () => {
    const { client, id: userId } = await signedUpClient(server.url, 'crash@example.com');
    const bytes = await buildArchive(fullArchive());
    const started = await client.post('/api/account/import', { sizeBytes: bytes.length, fileName: 'a.zip' });
    const upload = await started.json();
    // The pieces are in and the row says queued, but the job was never sent (the process died between the two).
    await server.store.put(importPieceKey(userId, upload.id, 0), bytes, 'application/octet-stream');
    await db().update(archiveImports).set({ state: 'queued', receivedBytes: bytes.length }).where(eq(archiveImports.id, upload.id));

    const queue = await startQueue(server.database, { error: (error) => server.backgroundErrors.push(String(error)) });
    try {
      // The recovery pass's warnings and errors are the test's to see (afterEach checks backgroundErrors).
      const seen = (obj: object, msg?: string) => server.backgroundErrors.push(`${msg}: ${JSON.stringify(obj)}`);
      const log = { info() {}, warn: seen, error: seen };
      const ctx = { db: db(), store: server.store, queue, engines: fakeOpenAiEngines(fake), log, accountAudioBytes: server.config.uploadLimits.accountBytes, accountPhotoBytes: server.config.photoLimits.accountBytes, siteOrigin: () => null };
      expect(await queueUnfinishedWork(ctx, [importArchiveJob])).toEqual({ 'import-archive': 1 });
    } finally {
      await queue.stop({ graceful: false, wait: true });
    }
    const settled = await settledImport(client, upload.id, SETTLED);
    expect(settled.state).toBe('done');
    expect(settled.counts?.stories).toBe(3);
    const pending = await db().select().from(recordings).where(and(eq(recordings.userId, userId), eq(recordings.processingStatus, 'uploaded')));
    for (const recording of pending) await settledRecording(client, recording.id, SETTLED);
  });
});
