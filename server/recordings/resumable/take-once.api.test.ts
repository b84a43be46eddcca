import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ResumableUpload } from '../../../contract/resumable-uploads.ts';
import { selectRows } from '../../../test/support/account-contents.ts';
import { clipDir, encodeClip, loopClip } from '../../../test/support/audio-clips.ts';
import { HttpClient, signedUpClient, uploadForm } from '../../../test/support/http-client.ts';
import { sendPiecesFrom, startTake, uploadTake } from '../../../test/support/resumable-upload.ts';
import { seeder } from '../../../test/support/seed.ts';
import { CLIPS } from '../../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { recordings, recordingUploads, stories } from '../../db/schema.ts';
import { transcribeRecordingJob } from '../../pipeline/transcribe-recording-job.ts';

// The same take sent twice (a lost answer, two tabs, the page and its service worker) is stored once,
// by either upload path: one recording, one story, one blob, one transcription job.
let server: TestApp;
let clips: { dir: string; remove: () => Promise<void> };
let take: Buffer;

beforeAll(async () => {
  clips = await clipDir();
  const jfk = await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir);
  take = readFileSync(await loopClip(jfk, 6, clips.dir, 'a-minute.webm'));
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
});
afterEach(() => {
  expect(server.backgroundErrors).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await clips?.remove();
});

const db = () => server.database.db;
let accounts = 0;
const newAccount = () => signedUpClient(server.url, `twice-${++accounts}@example.com`);
const FIELDS = { contextType: 'new_story', appLanguage: 'en' };
const sendWhole = (client: HttpClient, takeId: string, path = '/api/recordings') =>
  uploadForm(client, path, { ...FIELDS, takeId }, { bytes: take, filename: 'take.webm' });

/** What the account holds: recordings, stories, audio blobs, transcription jobs. */
async function holdings(userId: string) {
  const rows = await db().select().from(recordings).where(eq(recordings.userId, userId));
  const audio: string[] = [];
  for await (const entry of server.store.list(`users/${userId}/recordings/`)) audio.push(entry.key);
  const jobs = rows.length
    ? await selectRows<{ id: string }>(
        db(),
        sql`select id from pgboss.job where name = ${transcribeRecordingJob.name} and (data->>'recordingId')::int in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`,
      )
    : [];
  const storyRows = await db().select().from(stories).where(eq(stories.userId, userId));
  return { recordings: rows.length, stories: storyRows.length, audio: audio.length, jobs: jobs.length };
}
const ONE_OF_EACH = { recordings: 1, stories: 1, audio: 1, jobs: 1 };

describe('the same take sent twice', () => {
  it('in pieces twice: the second start answers done with the recording', async () => {
    const { client, id: userId } = await newAccount();
    const takeId = randomUUID();
    const first = await uploadTake(client, take, FIELDS, takeId);
    expect(first.status).toBe(201);
    const recording = await first.json();

    const again = await startTake(client, take, FIELDS, takeId);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ takeId, state: 'done', receivedBytes: take.length, recording });
    const wholeAgain = await uploadTake(client, take, FIELDS, takeId);
    expect(wholeAgain.status).toBe(200);
    expect(await wholeAgain.json()).toEqual(recording);
    expect(await holdings(userId)).toEqual(ONE_OF_EACH);
  });

  it('whole twice (the multipart form with takeId): 201, then 200 with the same answer, nothing new stored', async () => {
    const { client, id: userId } = await newAccount();
    const takeId = randomUUID();
    const first = await sendWhole(client, takeId);
    expect(first.status).toBe(201);
    const answer = await first.json();
    const second = await sendWhole(client, takeId);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(answer);
    // The story's own upload route knows the take too.
    const toStory = await sendWhole(client, takeId, `/api/stories/${answer.story.id}/recordings`);
    expect(toStory.status).toBe(200);
    expect(await toStory.json()).toEqual(answer);
    expect(await holdings(userId)).toEqual(ONE_OF_EACH);
    const [row] = await db().select().from(recordings).where(eq(recordings.userId, userId));
    expect(row!.takeId).toBe(takeId);
  });

  it('in pieces, then whole: the multipart upload answers the recording the pieces made', async () => {
    const { client, id: userId } = await newAccount();
    const takeId = randomUUID();
    const recording = await (await uploadTake(client, take, FIELDS, takeId)).json();
    const whole = await sendWhole(client, takeId);
    expect(whole.status).toBe(200);
    expect(await whole.json()).toEqual(recording);
    expect(await holdings(userId)).toEqual(ONE_OF_EACH);
  });

  it('whole, then in pieces: the start answers done with that recording, and no piece is needed', async () => {
    const { client, id: userId } = await newAccount();
    const takeId = randomUUID();
    const recording = await (await sendWhole(client, takeId)).json();
    const start = await startTake(client, take, FIELDS, takeId);
    expect(start.status).toBe(200);
    const upload = (await start.json()) as ResumableUpload;
    expect(upload).toMatchObject({ state: 'done', recording });
    const finished = await client.post(`/api/recordings/resumable/${upload.id}/finish`);
    expect(finished.status).toBe(200);
    expect(await finished.json()).toEqual(recording);
    expect(await holdings(userId)).toEqual(ONE_OF_EACH);
  });

  it('half in pieces, then whole, then started again: done, and the pieces removed', async () => {
    const { client, id: userId } = await newAccount();
    const takeId = randomUUID();
    const upload = (await (await startTake(client, take, FIELDS, takeId)).json()) as ResumableUpload;
    await sendPiecesFrom(client, upload, take, 1);
    const recording = await (await sendWhole(client, takeId)).json();
    const start = await startTake(client, take, FIELDS, takeId);
    expect(start.status).toBe(200);
    expect(await start.json()).toMatchObject({ id: upload.id, state: 'done', recording });
    const pieces: string[] = [];
    for await (const entry of server.store.list(`users/${userId}/uploads/`)) pieces.push(entry.key);
    expect(pieces).toEqual([]);
    expect(await holdings(userId)).toEqual(ONE_OF_EACH);
  });

  it('whole, twice at once: one is stored, and both answer it', async () => {
    const { client, id: userId } = await newAccount();
    const takeId = randomUUID();
    const answers = await Promise.all([sendWhole(client, takeId), sendWhole(client, takeId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    const [a, b] = await Promise.all(answers.map((answer) => answer.json()));
    expect(a).toEqual(b);
    expect(await holdings(userId)).toEqual(ONE_OF_EACH);
  });

  it('in pieces, finished twice at once: one is stored, and both answer it', async () => {
    const { client, id: userId } = await newAccount();
    const upload = (await (await startTake(client, take, FIELDS)).json()) as ResumableUpload;
    await sendPiecesFrom(client, upload, take);
    const answers = await Promise.all([1, 2].map(() => client.post(`/api/recordings/resumable/${upload.id}/finish`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    const [a, b] = await Promise.all(answers.map((answer) => answer.json()));
    expect(a).toEqual(b);
    expect(await holdings(userId)).toEqual(ONE_OF_EACH);
    const [row] = await db().select().from(recordingUploads).where(eq(recordingUploads.id, upload.id));
    expect(row).toMatchObject({ state: 'done', recordingId: a.recording.id });
  });

  it('started twice at once: one upload', async () => {
    const { client, id: userId } = await newAccount();
    const takeId = randomUUID();
    const answers = await Promise.all([startTake(client, take, FIELDS, takeId), startTake(client, take, FIELDS, takeId)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    const [a, b] = (await Promise.all(answers.map((answer) => answer.json()))) as ResumableUpload[];
    expect(a!.id).toBe(b!.id);
    expect(await db().select().from(recordingUploads).where(eq(recordingUploads.userId, userId))).toHaveLength(1);
  });
});

describe('a take id', () => {
  it('is one account\'s: the same id in another account is another take', async () => {
    const { client: one, id: oneId } = await newAccount();
    const { client: other, id: otherId } = await newAccount();
    const takeId = randomUUID();
    expect((await sendWhole(one, takeId)).status).toBe(201);
    expect((await sendWhole(other, takeId)).status).toBe(201);
    expect(await holdings(oneId)).toEqual(ONE_OF_EACH);
    expect(await holdings(otherId)).toEqual(ONE_OF_EACH);
  });

  it("is not a link holder's to name: their upload with the owner's take id is a contribution of its own, kept without it", async () => {
    const { client, id: ownerId } = await newAccount();
    const takeId = randomUUID();
    const own = await (await sendWhole(client, takeId)).json();
    const link = await seeder(db()).coAuthorToken(ownerId, own.story.id);
    const holder = new HttpClient(server.url);
    const answer = await uploadForm(holder, `/api/co-author/${link.token}/recordings`, { contributorName: 'Pekka', takeId }, { bytes: take, filename: 'take.webm' });
    expect(answer.status, await answer.clone().text()).toBe(201);
    const contribution = (await answer.json()).recording.id;
    expect(contribution).not.toBe(own.recording.id);
    const [row] = await db().select().from(recordings).where(eq(recordings.id, contribution));
    expect(row).toMatchObject({ userId: ownerId, contributorName: 'Pekka', takeId: null });
  });

  it('that is not a uuid is refused with the field named', async () => {
    const { client } = await newAccount();
    const answer = await uploadForm(client, '/api/recordings', { ...FIELDS, takeId: 'take 1' }, { bytes: take, filename: 'take.webm' });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'validation', field: 'takeId' });
  });
});
