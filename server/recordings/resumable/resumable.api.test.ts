import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RESUMABLE_UPLOAD_LIMITS, type ResumableUpload } from '../../../contract/resumable-uploads.ts';
import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';
import { clipDir, encodeClip, loopClip } from '../../../test/support/audio-clips.ts';
import { seeder } from '../../../test/support/seed.ts';
import { HttpClient, signedUpClient } from '../../../test/support/http-client.ts';
import { sendPiecesFrom, sendTakePiece, startTake, uploadTake } from '../../../test/support/resumable-upload.ts';
import { CLIPS } from '../../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { recordings, recordingUploads, stories } from '../../db/schema.ts';
import { pieceKey } from '../../uploads/pieces.ts';
import { RECORDING_PIECES } from './pieces.ts';
import { sweepStaleRecordingUploads } from './sweep-stale-uploads.ts';

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
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', ACCOUNT_AUDIO_MB: '100' });
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
    // It is a recording now: deleted as one, not given up as an upload.
    const giveUp = await client.request('DELETE', `/api/recordings/resumable/${upload.id}`);
    expect(giveUp.status).toBe(409);
    expect((await giveUp.json()).code).toBe('upload_done');
  });
});

describe('the pieces', () => {
  it('take the last piece again as a no-op, and refuse a piece out of order, of the wrong size, too large or not bytes', async () => {
    const { client, id: userId } = await newAccount();
    const upload = await started(await startTake(client, twoMinutes));
    const first = await sendTakePiece(client, upload.id, 0, twoMinutes.subarray(0, PIECE));
    expect(first.status).toBe(200);
    expect((await first.json()).receivedBytes).toBe(PIECE);
    expect((await server.store.size(pieceKey(RECORDING_PIECES, { userId, id: upload.id }, 0)))).toBe(PIECE);

    // The answer was lost and the device sends piece 0 again: nothing changes.
    const again = await sendTakePiece(client, upload.id, 0, twoMinutes.subarray(0, PIECE));
    expect(again.status).toBe(200);
    expect((await again.json()).receivedBytes).toBe(PIECE);

    const skipped = await sendTakePiece(client, upload.id, 2, twoMinutes.subarray(2 * PIECE));
    expect(skipped.status).toBe(409);
    expect(await skipped.json()).toMatchObject({ code: 'upload_wrong_piece', message: 'This is not the next piece of the recording: send piece 1.' });

    const short = await sendTakePiece(client, upload.id, 1, twoMinutes.subarray(PIECE, 2 * PIECE - 1));
    expect(short.status).toBe(400);
    expect((await short.json()).code).toBe('upload_piece_size');

    const large = await sendTakePiece(client, upload.id, 1, randomBytes(PIECE + 1));
    expect(large.status).toBe(413);
    expect((await large.json()).code).toBe('upload_piece_too_large');

    const notBytes = await client.put(`/api/recordings/resumable/${upload.id}/pieces/1`, { bytes: 'x' });
    expect(notBytes.status).toBe(415);
    expect((await notBytes.json()).code).toBe('upload_piece_type');

    const early = await client.post(`/api/recordings/resumable/${upload.id}/finish`);
    expect(early.status).toBe(409);
    expect((await early.json()).code).toBe('upload_incomplete');

    // Nothing of the refused pieces was kept.
    expect((await (await client.get(`/api/recordings/resumable/${upload.id}`)).json()).receivedBytes).toBe(PIECE);
    expect(await filesOf(userId)).toEqual([pieceKey(RECORDING_PIECES, { userId, id: upload.id }, 0)]);
    expect(await db().select().from(recordings).where(eq(recordings.userId, userId))).toEqual([]);
  });

  it('are given up with DELETE: the upload and its pieces go, and the take may start again', async () => {
    const { client, id: userId } = await newAccount();
    const takeId = randomUUID();
    const upload = await started(await startTake(client, twoMinutes, {}, takeId));
    await sendPiecesFrom(client, upload, twoMinutes, 2);
    expect(await filesOf(userId)).toHaveLength(2);
    expect((await client.request('DELETE', `/api/recordings/resumable/${upload.id}`)).status).toBe(204);
    expect(await filesOf(userId)).toEqual([]);
    expect((await client.get(`/api/recordings/resumable/${upload.id}`)).status).toBe(404);
    const fresh = await started(await startTake(client, twoMinutes, {}, takeId));
    expect(fresh).toMatchObject({ takeId, receivedBytes: 0, state: 'uploading' });
    expect(fresh.id).not.toBe(upload.id);
  });
});

describe('what the finish refuses', () => {
  it('a file that is not audio, assembled from its pieces: the spec\'s words, and nothing stored', async () => {
    const { client, id: userId } = await newAccount();
    const hostile = Buffer.concat([Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg">'), randomBytes(PIECE + 5000)]);
    const upload = await started(await startTake(client, hostile, { contextType: 'new_story' }));
    await sendPiecesFrom(client, upload, hostile);
    const refused = await client.post(`/api/recordings/resumable/${upload.id}/finish`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'unprocessable_audio', message: 'Unable to process the audio.' });
    expect(await db().select().from(recordings).where(eq(recordings.userId, userId))).toEqual([]);
    expect(await db().select().from(stories).where(eq(stories.userId, userId))).toEqual([]);
    // The pieces wait for the person to discard the take (or for the sweep); no audio was stored.
    expect((await filesOf(userId)).every((key) => key.includes('/uploads/'))).toBe(true);
  });

  it("a story of another account named as the context: its 404, and nothing stored", async () => {
    const { client, id: userId } = await newAccount();
    const { client: other } = await newAccount();
    const theirs = await uploadTake(other, twoMinutes, { contextType: 'new_story' });
    const theirStory = (await theirs.json()).story.id as number;
    const answer = await uploadTake(client, twoMinutes, { contextType: 'story', contextId: String(theirStory) });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 'not_found', message: 'Story not found' });
    expect(await db().select().from(recordings).where(eq(recordings.userId, userId))).toEqual([]);
  });

  it('adds to a story of the account when the context names it', async () => {
    const { client } = await newAccount();
    const first = await (await uploadTake(client, twoMinutes, { contextType: 'new_story' })).json();
    const answer = await uploadTake(client, twoMinutes, { contextType: 'story', contextId: String(first.story.id) });
    expect(answer.status).toBe(201);
    const body = await answer.json();
    expect(body.story).toEqual({ id: first.story.id });
    const [row] = await db().select().from(recordings).where(eq(recordings.id, body.recording.id));
    expect(row).toMatchObject({ storyId: first.story.id, orderIndex: 1 });
  });
});

describe('what the start refuses', () => {
  it('fields the multipart upload would refuse, in its words', async () => {
    const { client, id: userId } = await newAccount();
    const wrongContext = await startTake(client, twoMinutes, { contextType: 'somewhere' });
    expect(wrongContext.status).toBe(400);
    expect(await wrongContext.json()).toMatchObject({ code: 'validation', field: 'fields.contextType' });
    const unstorable = await startTake(client, twoMinutes, { contextName: 'Aunt\u0000Helmi' });
    expect(unstorable.status).toBe(400);
    expect(await unstorable.json()).toMatchObject({ code: 'invalid_text', field: 'fields.contextName' });
    const notATake = await client.post('/api/recordings/resumable', { takeId: 'take-1', sizeBytes: 1000, mimeType: 'audio/webm', fields: {} });
    expect(notATake.status).toBe(400);
    expect(await notATake.json()).toMatchObject({ code: 'validation', field: 'takeId' });
    expect(await db().select().from(recordingUploads).where(eq(recordingUploads.userId, userId))).toEqual([]);
  });

  it('a take id already under way with another size', async () => {
    const { client } = await newAccount();
    const takeId = randomUUID();
    await started(await startTake(client, twoMinutes, {}, takeId));
    const other = await startTake(client, twoMinutes.subarray(0, PIECE), {}, takeId);
    expect(other.status).toBe(409);
    expect((await other.json()).code).toBe('upload_take_changed');
  });
});

describe('the room for a take', () => {
  it('is the upload size limit and the room the account has, counted at the start and again at the finish', async () => {
    const { client, id: userId } = await newAccount();
    const tooLarge = await client.post('/api/recordings/resumable', {
      takeId: randomUUID(),
      sizeBytes: RECORDING_LIMITS.maxUploadBytes + 1,
      mimeType: 'audio/webm',
      fields: {},
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: 'too_large', message: 'Audio file is too large. Please record a shorter message.' });

    // Started while it fits; then the account fills up before the finish.
    const upload = await started(await startTake(client, twoMinutes));
    await sendPiecesFrom(client, upload, twoMinutes);
    const almostFull = server.config.uploadLimits.accountBytes - twoMinutes.length + 1;
    await seeder(db()).recording(userId, { sizeBytes: almostFull });
    const noRoom = await client.post(`/api/recordings/resumable/${upload.id}/finish`);
    expect(noRoom.status).toBe(413);
    expect(await noRoom.json()).toMatchObject({ code: 'storage_limit', message: 'Your account has no room for more recordings.' });
    const refused = await startTake(client, twoMinutes);
    expect(refused.status).toBe(413);
    expect((await refused.json()).code).toBe('storage_limit');
    expect(await db().select().from(recordingUploads).where(eq(recordingUploads.userId, userId))).toHaveLength(1);
  });
});

describe("another account's upload", () => {
  it('is a 404 on every route, and is left as it was', async () => {
    const { client: owner, id: ownerId } = await newAccount();
    const { client: stranger } = await newAccount();
    const upload = await started(await startTake(owner, twoMinutes));
    await sendPiecesFrom(owner, upload, twoMinutes, 1);
    const before = await db().select().from(recordingUploads).where(eq(recordingUploads.id, upload.id));

    const answers = [
      await stranger.get(`/api/recordings/resumable/${upload.id}`),
      await sendTakePiece(stranger, upload.id, 1, twoMinutes.subarray(PIECE, 2 * PIECE)),
      await stranger.post(`/api/recordings/resumable/${upload.id}/finish`),
      await stranger.request('DELETE', `/api/recordings/resumable/${upload.id}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ code: 'not_found', message: 'Upload not found' });
    }
    expect(await db().select().from(recordingUploads).where(eq(recordingUploads.id, upload.id))).toEqual(before);
    expect(await filesOf(ownerId)).toEqual([pieceKey(RECORDING_PIECES, { userId: ownerId, id: upload.id }, 0)]);
    // Its take id, sent by the stranger, is a new upload of the stranger's own.
    const theirs = await started(await startTake(stranger, twoMinutes, {}, upload.takeId));
    expect(theirs.id).not.toBe(upload.id);
    // An id that is no uuid names nothing either.
    expect((await stranger.get('/api/recordings/resumable/12')).status).toBe(404);
  });
});

describe('the sweep', () => {
  it(`removes uploads left unfinished for more than ${RESUMABLE_UPLOAD_LIMITS.keptHours} hours, with their pieces, and leaves the rest`, async () => {
    const { client, id: userId } = await newAccount();
    const stale = await started(await startTake(client, twoMinutes));
    await sendPiecesFrom(client, stale, twoMinutes, 1);
    const fresh = await started(await startTake(client, twoMinutes));
    await sendPiecesFrom(client, fresh, twoMinutes, 1);
    const done = await uploadTake(client, twoMinutes);
    expect(done.status).toBe(201);
    const longAgo = new Date(Date.now() - (RESUMABLE_UPLOAD_LIMITS.keptHours + 1) * 60 * 60 * 1000);
    await db().update(recordingUploads).set({ updatedAt: longAgo, createdAt: longAgo }).where(eq(recordingUploads.userId, userId));
    await db().update(recordingUploads).set({ updatedAt: new Date() }).where(eq(recordingUploads.id, fresh.id));

    expect(await sweepStaleRecordingUploads(db(), server.store)).toBe(1);
    expect((await client.get(`/api/recordings/resumable/${stale.id}`)).status).toBe(404);
    expect((await client.get(`/api/recordings/resumable/${fresh.id}`)).status).toBe(200);
    const keys = await filesOf(userId);
    expect(keys.filter((key) => key.includes('/uploads/'))).toEqual([pieceKey(RECORDING_PIECES, { userId, id: fresh.id }, 0)]);
    // The finished one is its recording's: kept.
    expect(await db().select().from(recordingUploads).where(eq(recordingUploads.userId, userId))).toHaveLength(2);
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
