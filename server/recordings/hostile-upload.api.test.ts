import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipDir, encodeClip, silenceClip } from '../../test/support/audio-clips.ts';
import { freshDatabase } from '../../test/support/database.ts';
import { concatList, countingListener, disguisedAsFlac, hlsPlaylist } from '../../test/support/hostile-audio.ts';
import { HttpClient, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { RECORDING_LIMITS } from '../../contract/recording-limits.ts';
import { signedIn } from '../access/actor.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import { recordings, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { startQueue } from '../jobs/queue.ts';
import { localBlobStore } from '../storage/local-store.ts';
import { ownUpload } from './save-recording.ts';
import { uploadFieldsSchema } from './upload-form.ts';
import { uploadRecording } from './upload-recording.ts';
import { until } from '../../test/support/wait-for.ts';

// Uploads made to hurt the server: audio that makes ffmpeg read other files or the network,
// bodies that are not proper multipart, uploads cut off half way. Each is refused with a
// clear message, stores nothing, leaves no temporary file, and the server keeps serving.
let server: TestApp;
let owner: HttpClient;
let clips: { dir: string; remove: () => Promise<void> };
let listener: Awaited<ReturnType<typeof countingListener>>;
let jfkWebm: Buffer;
/** This file's own temporary folder (TMPDIR), so only this server's files are counted. */
let ownTmp: string;
const sharedTmp = process.env.TMPDIR;

beforeAll(async () => {
  clips = await clipDir();
  ownTmp = mkdtempSync(path.join(clips.dir, 'tmp-'));
  process.env.TMPDIR = ownTmp;
  jfkWebm = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
  listener = await countingListener(readFileSync(CLIPS.jfkMp3));
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  owner = (await signedUpClient(server.url, 'owner@example.com')).client;
});
afterAll(async () => {
  if (sharedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = sharedTmp;
  await server?.close();
  await listener?.close();
  await clips?.remove();
});

/** Upload and decode folders still in the temporary folder. */
const leftovers = () => readdirSync(ownTmp).filter((name) => /^saaga-(upload|decode|blob)-/.test(name));
const recordingCount = async () => (await server.database.db.select({ id: recordings.id }).from(recordings)).length;
const upload = (bytes: Buffer, filename = 'recording.flac') =>
  uploadForm(owner, '/api/recordings', { appLanguage: 'en', duration: '11' }, { bytes, filename, type: 'audio/flac' });

async function expectRefused(response: Response, status: number, code: string, message: RegExp) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body).toMatchObject({ code });
  expect(body.message).toMatch(message);
  expect(leftovers()).toEqual([]);
  expect((await owner.get('/api/auth/user')).status).toBe(200);
}

describe('audio that points ffmpeg elsewhere', () => {
  it.each([
    ['an HLS playlist disguised as FLAC, naming a recording on the server\'s disk', () => disguisedAsFlac(hlsPlaylist(CLIPS.jfkMp3))],
    ['a concat list disguised as FLAC', () => disguisedAsFlac(concatList('neighbour.mp3'))],
    ['an HLS playlist disguised as FLAC, naming a URL', () => disguisedAsFlac(hlsPlaylist(`${listener.url}/segment.mp3`))],
    ['a plain HLS playlist', () => Buffer.from(hlsPlaylist(CLIPS.jfkMp3))],
  ])('refuses %s as unprocessable: nothing read, nothing fetched, nothing stored', async (_name, bytes) => {
    const before = await recordingCount();
    const requestsBefore = listener.requests();
    await expectRefused(await upload(bytes()), 400, 'unprocessable_audio', /Unable to process the audio/);
    expect(listener.requests()).toBe(requestsBefore);
    expect(await recordingCount()).toBe(before);
  });
});

describe('length', () => {
  it('refuses a small file that decodes to more than the longest recording, with the catalogue\'s "too large"', async () => {
    const long = readFileSync(await silenceClip(RECORDING_LIMITS.maxDurationSeconds + 60, clips.dir, 'too-long.flac'));
    expect(long.length).toBeLessThan(5 * 1024 * 1024);
    const before = await recordingCount();
    await expectRefused(await upload(long), 413, 'too_large', /^Audio file is too large\. Please record a shorter message\.$/);
    expect(await recordingCount()).toBe(before);
  });
});

describe('size', () => {
  it('stops spooling an upload at the size limit, answers "too large" and keeps nothing of it', async () => {
    const before = await recordingCount();
    const huge = Buffer.concat([jfkWebm, Buffer.alloc(RECORDING_LIMITS.maxUploadBytes + 1024 * 1024)]);
    await expectRefused(await upload(huge, 'recording.webm'), 413, 'too_large', /too large/);
    expect(await recordingCount()).toBe(before);
  });
});

describe('multipart bodies that are not', () => {
  const boundary = 'saaga-test-boundary';
  const body = (mark: string) =>
    Buffer.concat([
      Buffer.from(`--${mark}\r\nContent-Disposition: form-data; name="appLanguage"\r\n\r\nen\r\n`),
      Buffer.from(`--${mark}\r\nContent-Disposition: form-data; name="audio"; filename="r.webm"\r\nContent-Type: audio/webm\r\n\r\n`),
      jfkWebm,
      Buffer.from(`\r\n--${mark}--\r\n`),
    ]);
  /** Posts raw bytes as the signed-in owner, with the content type given. */
  const send = (contentType: string, bytes: Buffer) =>
    fetch(`${server.url}/api/recordings`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${owner.cookie(SESSION_COOKIE)}`, origin: server.url, 'content-type': contentType },
      body: new Uint8Array(bytes),
    });

  it('takes the same body when it is whole and its boundary matches (the cases below differ only in what they break)', async () => {
    const before = await recordingCount();
    const response = await send(`multipart/form-data; boundary=${boundary}`, body(boundary));
    expect(response.status).toBe(201);
    expect(await recordingCount()).toBe(before + 1);
    expect(leftovers()).toEqual([]);
  });

  it.each([
    ['without a boundary', 'multipart/form-data', () => body(boundary)],
    ['with an empty boundary', 'multipart/form-data; boundary=', () => body(boundary)],
    ['with a boundary that does not match the body', 'multipart/form-data; boundary=another-boundary', () => body(boundary)],
    ['cut off inside the audio', `multipart/form-data; boundary=${boundary}`, () => body(boundary).subarray(0, 4000)],
    ['cut off before its closing boundary', `multipart/form-data; boundary=${boundary}`, () => body(boundary).subarray(0, body(boundary).length - 8)],
    ['with a boundary longer than multipart allows', `multipart/form-data; boundary=${'b'.repeat(300)}`, () => body('b'.repeat(300))],
  ])('refuses a body %s with a 400 and a clear message', async (_name, contentType, bytes) => {
    const before = await recordingCount();
    await expectRefused(await send(contentType, bytes()), 400, 'malformed_upload', /incomplete or malformed/);
    expect(await recordingCount()).toBe(before);
  });

  it('refuses two files in one upload', async () => {
    const form = new FormData();
    form.append('audio', new Blob([new Uint8Array(jfkWebm)]), 'a.webm');
    form.append('audio', new Blob([new Uint8Array(jfkWebm)]), 'b.webm');
    await expectRefused(await owner.request('POST', '/api/recordings', form), 400, 'validation', /one file/);
  });
});

describe('an upload cut off by the client', () => {
  it('leaves no temporary file and no recording', async () => {
    const before = await recordingCount();
    const boundary = 'cut-off-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="r.webm"\r\nContent-Type: audio/webm\r\n\r\n`,
    );
    const request = httpRequest(`${server.url}/api/recordings`, {
      method: 'POST',
      headers: {
        cookie: `${SESSION_COOKIE}=${owner.cookie(SESSION_COOKIE)}`,
        origin: server.url,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 10 * 1024 * 1024),
      },
    });
    const errors: Error[] = [];
    request.on('error', (error) => errors.push(error));
    request.write(head);
    request.write(jfkWebm);
    // The server is spooling the audio to a temporary file...
    await until(() => leftovers().some((name) => name.startsWith('saaga-upload-')), 10_000, 'the upload to start spooling');
    // ...when the client goes away.
    request.destroy();
    await until(() => leftovers().length === 0, 10_000, 'the temporary files to be removed');
    expect(errors.map((e) => (e as NodeJS.ErrnoException).code ?? e.message).every((c) => /ECONNRESET|socket hang up|aborted/i.test(c))).toBe(true);
    expect(await recordingCount()).toBe(before);
    expect((await owner.get('/api/auth/user')).status).toBe(200);
  });
});

describe('a full audio disk', () => {
  it('refuses with storage_full (507), keeps no blob, no row and no temporary file', async () => {
    const database = await freshDatabase();
    const queueErrors: unknown[] = [];
    const queue = await startQueue(database, { error: (error) => queueErrors.push(error) });
    try {
      const [user] = await database.db.insert(users).values({ email: 'full@example.com' }).returning();
      const storeRoot = mkdtempSync(path.join(tmpdir(), 'saaga-full-store-'));
      const fullStore = localBlobStore(storeRoot, { reserveBytes: Number.MAX_SAFE_INTEGER });
      const formDir = mkdtempSync(path.join(ownTmp, 'saaga-upload-'));
      const audioFile = path.join(formDir, 'audio');
      writeFileSync(audioFile, jfkWebm);
      const form = {
        audioFile,
        sizeBytes: jfkWebm.length,
        filename: 'recording.webm',
        fields: uploadFieldsSchema.parse({ appLanguage: 'en' }),
        discard: () => rm(formDir, { recursive: true, force: true }),
      };
      const error = await uploadRecording({ db: database.db, store: fullStore, queue }, ownUpload(signedIn(user)), form).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 507, code: 'storage_full' });
      expect((error as HttpError).message).toMatch(/no room to store the recording/);
      expect(await database.db.select().from(recordings)).toEqual([]);
      const stored: string[] = [];
      for await (const blob of fullStore.list('')) stored.push(blob.key);
      expect(stored).toEqual([]);
      expect(leftovers()).toEqual([]);
      expect(queueErrors).toEqual([]);
    } finally {
      await queue.stop({ graceful: false, wait: true });
      await database.close();
    }
  });
});

