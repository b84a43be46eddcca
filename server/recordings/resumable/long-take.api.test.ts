import { mkdtempSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUMABLE_UPLOAD_LIMITS, type ResumableUpload } from '../../../contract/resumable-uploads.ts';
import { type FakeS3, startFakeS3 } from '../../../test/fakes/s3-server.ts';
import { clipDir, encodeClip, loopClip } from '../../../test/support/audio-clips.ts';
import { type HttpClient, signedUpClient } from '../../../test/support/http-client.ts';
import { pieceOfTake, sendPiecesFrom, startTake } from '../../../test/support/resumable-upload.ts';
import { CLIPS } from '../../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { recordings, stories } from '../../db/schema.ts';
import type { BlobStore } from '../../storage/index.ts';
import { localBlobStore } from '../../storage/local-store.ts';

// A 30-minute take whose connection is cut half way continues from the server's count, not
// from zero, on a local folder and on S3 (s3rver), and becomes a recording and a story.
const PIECE = RESUMABLE_UPLOAD_LIMITS.pieceBytes;
const THIRTY_MINUTES = 30 * 60;

let clips: { dir: string; remove: () => Promise<void> };
let s3: FakeS3;
let longTake: Buffer;

beforeAll(async () => {
  clips = await clipDir();
  const jfk = await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir);
  // The clip is 11 s: 164 of it is a little over 30 minutes.
  longTake = readFileSync(await loopClip(jfk, Math.ceil(THIRTY_MINUTES / 11), clips.dir, 'thirty-minutes.webm'));
  s3 = await startFakeS3(['takes']);
});
afterAll(async () => {
  await s3?.close();
  await clips?.remove();
});

/**
 * Sends piece `index` and cuts the connection half way through it, as a phone losing its
 * network does: answers once the server has seen the request die.
 */
function cutPiece(client: HttpClient, upload: ResumableUpload, index: number): Promise<void> {
  const piece = pieceOfTake(longTake, upload, index);
  const url = new URL(`${client.baseUrl}/api/recordings/resumable/${upload.id}/pieces/${index}`);
  return new Promise((resolve) => {
    const cookie = `saaga_session=${client.cookie('saaga_session')}`;
    const request = httpRequest(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(piece.length), origin: client.baseUrl, cookie },
    });
    request.on('error', () => resolve());
    request.on('response', () => resolve());
    request.write(piece.subarray(0, piece.length / 2), () => request.destroy());
  });
}

describe.each<[string, () => BlobStore]>([
  ['a local folder', () => localBlobStore(mkdtempSync(path.join(tmpdir(), 'saaga-long-take-')))],
  ['S3', () => s3.store('takes')],
])('on %s', (_name, makeStore) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { store: makeStore() });
  });
  afterAll(() => server?.close());

  it('a 30-minute take cut half way resumes from the received count and becomes a recording and a story', async () => {
    const { client, id: userId } = await signedUpClient(server.url, 'long-take@example.com');
    const pieces = Math.ceil(longTake.length / PIECE);
    expect(pieces).toBeGreaterThan(10);
    const start = await startTake(client, longTake, { contextType: 'new_story', appLanguage: 'en' });
    expect(start.status).toBe(201);
    const half = Math.floor(pieces / 2);
    const before = await sendPiecesFrom(client, (await start.json()) as ResumableUpload, longTake, half);
    expect(before.upload.receivedBytes).toBe(half * PIECE);

    // The network goes in the middle of the next piece: nothing of it is kept.
    await cutPiece(client, before.upload, half);
    const where = (await (await client.get(`/api/recordings/resumable/${before.upload.id}`)).json()) as ResumableUpload;
    expect(where.receivedBytes).toBe(half * PIECE);

    // Back online: the device asks where the upload stands (the same take id) and sends the rest.
    const resumed = await startTake(client, longTake, { contextType: 'new_story', appLanguage: 'en' }, where.takeId);
    expect(resumed.status).toBe(200);
    const after = await sendPiecesFrom(client, (await resumed.json()) as ResumableUpload, longTake);
    expect(after.upload.receivedBytes).toBe(longTake.length);
    expect(after.bytesSent).toBe(longTake.length - half * PIECE);
    expect(after.bytesSent).toBeLessThan(longTake.length);

    const finished = await client.post(`/api/recordings/resumable/${where.id}/finish`);
    expect(finished.status, await finished.clone().text()).toBe(201);
    const answer = await finished.json();
    const [row] = await server.database.db.select().from(recordings).where(eq(recordings.id, answer.recording.id));
    expect(row).toMatchObject({ userId, sizeBytes: longTake.length, storyId: answer.story.id, processingStatus: 'uploaded' });
    expect(row!.duration).toBeGreaterThan(THIRTY_MINUTES - 5);
    const [story] = await server.database.db.select().from(stories).where(eq(stories.id, answer.story.id));
    expect(story).toMatchObject({ userId, processingStatus: 'processing' });
    // The audio in the store is the take, byte for byte; no piece is left.
    const stored = await server.store.get(row!.audioKey);
    const parts: Buffer[] = [];
    for await (const part of stored!.body) parts.push(part as Buffer);
    expect(Buffer.concat(parts).equals(longTake)).toBe(true);
    const left: string[] = [];
    for await (const entry of server.store.list(`users/${userId}/uploads/`)) left.push(entry.key);
    expect(left).toEqual([]);
  });
});
