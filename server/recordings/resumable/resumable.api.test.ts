import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RESUMABLE_UPLOAD_LIMITS, type ResumableUpload } from '../../../contract/resumable-uploads.ts';
import { clipDir, encodeClip, loopClip } from '../../../test/support/audio-clips.ts';
import { HttpClient, signedUpClient } from '../../../test/support/http-client.ts';
import { sendPiecesFrom, sendTakePiece, startTake, uploadTake } from '../../../test/support/resumable-upload.ts';
import { CLIPS } from '../../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { recordings, recordingUploads, stories } from '../../db/schema.ts';
import { pieceKey } from '../../uploads/pieces.ts';
import { RECORDING_PIECES } from './pieces.ts';

// A recording uploaded in pieces (contract/resumable-uploads.ts), no workers: a saved recording waits for its transcription.
const PIECE = RESUMABLE_UPLOAD_LIMITS.pieceBytes;

let server: TestApp;
let clips: { dir: string; remove: () => Promise<void> };
/** Two minutes of speech as the recorder's WebM: three pieces. */
let twoMinutes: Buffer;

beforeAll(async () => {
  clips = await clipDir();
  const jfk = await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir);
  twoMinutes = readFileSync(await loopClip(jfk, 12, clips.dir, 'two-minutes.webm'));
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
const newAccount = () => signedUpClient(server.url, `teller-${++accounts}@example.com`);
const filesOf = async (userId: string) => {
  const keys: string[] = [];
  for await (const entry of server.store.list(`users/${userId}/`)) keys.push(entry.key);
  return keys.sort();
};
const started = async (answer: Response, status = 201) => {
  expect(answer.status, await answer.clone().text()).toBe(status);
  return (await answer.json()) as ResumableUpload;
};

describe('a take uploaded in pieces', () => {
  it('becomes a recording and a new story when finished, its pieces gone', async () => {
    const { client, id: userId } = await newAccount();
    expect(twoMinutes.length).toBeGreaterThan(2 * PIECE);
    const upload = await started(await startTake(client, twoMinutes, { contextType: 'new_story', appLanguage: 'fi', tone: 'nostalgic' }));
    expect(upload).toMatchObject({ state: 'uploading', receivedBytes: 0, pieceBytes: PIECE, sizeBytes: twoMinutes.length, recording: null });

    const { upload: full } = await sendPiecesFrom(client, upload, twoMinutes);
    expect(full.receivedBytes).toBe(twoMinutes.length);
    expect(await filesOf(userId)).toHaveLength(Math.ceil(twoMinutes.length / PIECE));

    const finished = await client.post(`/api/recordings/resumable/${upload.id}/finish`);
    expect(finished.status, await finished.clone().text()).toBe(201);
    const answer = await finished.json();
    expect(answer).toEqual({ recording: { id: expect.any(Number), processingStatus: 'uploaded' }, story: { id: expect.any(Number) }, isContextOnly: false });

    const [row] = await db().select().from(recordings).where(eq(recordings.id, answer.recording.id));
    expect(row).toMatchObject({ userId, takeId: upload.takeId, mimeType: 'audio/webm', sizeBytes: twoMinutes.length, storyId: answer.story.id });
    expect(row!.duration).toBeGreaterThan(125);
    expect(row!.settings).toMatchObject({ language: 'fi', tone: 'nostalgic', contextType: 'new_story' });
    const [story] = await db().select().from(stories).where(eq(stories.id, answer.story.id));
    expect(story).toMatchObject({ userId, processingStatus: 'processing', language: 'fi' });
    // The audio is the recording's now; the pieces are gone.
    expect(await filesOf(userId)).toEqual([row!.audioKey]);
    expect(await server.store.size(row!.audioKey)).toBe(twoMinutes.length);

    // Where it stands, read again: done, with its recording.
    const read = await (await client.get(`/api/recordings/resumable/${upload.id}`)).json();
    expect(read).toMatchObject({ state: 'done', receivedBytes: twoMinutes.length, recording: answer });
    // A finish repeated (its answer was lost) answers the same recording, and stores nothing new.
    const again = await client.post(`/api/recordings/resumable/${upload.id}/finish`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    expect(await db().select().from(recordings).where(eq(recordings.userId, userId))).toHaveLength(1);
  });
});

describe('without a session', () => {
  it('every route answers 401 before it looks at the body or the id', async () => {
    const anonymous = new HttpClient(server.url);
    const answers = [
      await anonymous.post('/api/recordings/resumable', { takeId: 'not a uuid', sizeBytes: 'lots' }),
      await anonymous.get('/api/recordings/resumable/not-an-id'),
      await anonymous.request('PUT', '/api/recordings/resumable/not-an-id/pieces/x', new Uint8Array(PIECE + 10)),
      await anonymous.post('/api/recordings/resumable/not-an-id/finish'),
      await anonymous.request('DELETE', '/api/recordings/resumable/not-an-id'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
    }
  });
});
