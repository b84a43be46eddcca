import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import type { BlobStore } from '../storage/index.ts';
import { localBlobStore } from '../storage/local-store.ts';

// Uploads that stop sending must not hold the server's sockets for good.
let server: TestApp;
let cookie: string;
let ownerId: string;
beforeAll(async () => {
  server = await startTestApp(
    { LOGIN_RATE_LIMIT: '1000' },
    { timeouts: { idleConnectionMs: 500, requestReceiveMs: 2_000, serverWorkMs: 1_000 } },
  );
  const { client, id } = await signedUpClient(server.url, 'staller@example.com');
  cookie = `saaga_session=${client.cookie('saaga_session')}`;
  ownerId = id;
});
afterAll(() => server?.close());

/** Sends the start of a multipart upload announcing 5 MB, then nothing more. */
function stalledUpload(signedIn = true): Socket {
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  const boundary = 'saaga-stall';
  const start = `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\nContent-Type: audio/webm\r\n\r\n`;
  socket.write(
    [
      'POST /api/recordings HTTP/1.1',
      `Host: ${new URL(server.url).host}`,
      `Origin: ${server.url}`,
      ...(signedIn ? [`Cookie: ${cookie}`] : []),
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${5 * 1024 * 1024}`,
      '',
      start + 'x'.repeat(1000),
    ].join('\r\n'),
  );
  socket.on('error', () => {});
  socket.resume(); // read what the server answers, as a client would
  return socket;
}

const closed = (socket: Socket, timeoutMs: number) =>
  new Promise<'closed' | 'still open'>((resolve) => {
    const timer = setTimeout(() => resolve('still open'), timeoutMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve('closed');
    });
  });

it('closes uploads that stop sending, and keeps serving everyone else', async () => {
  const sockets = Array.from({ length: 20 }, () => stalledUpload());
  const outcomes = await Promise.all(sockets.map((socket) => closed(socket, 15_000)));
  expect(outcomes.filter((o) => o === 'closed')).toHaveLength(20);
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
});

it('closes a stalled upload it has already refused, rather than waiting for the rest of its body', async () => {
  const sockets = Array.from({ length: 5 }, () => stalledUpload(false));
  const outcomes = await Promise.all(sockets.map((socket) => closed(socket, 15_000)));
  expect(outcomes.filter((o) => o === 'closed')).toHaveLength(5);
});

it('lets go of a client that stops reading a long answer', async () => {
  // More audio than the sockets of this machine buffer, to a reader that never reads.
  const recording = await seeder(server.database.db, server.store).recording(ownerId);
  await server.store.put(recording.audioKey, Buffer.alloc(48 * 1024 * 1024, 1), 'audio/webm');
  const { port, host } = new URL(server.url);
  // The server's end of the connection: the reader, paused, would not notice it closing.
  const serverSide = new Promise<Socket>((resolve) =>
    server.app.server.on('connection', (accepted: Socket) => {
      if (accepted.remotePort === reader.localPort) resolve(accepted);
    }),
  );
  const reader = connect(Number(port), '127.0.0.1');
  reader.on('error', () => {});
  reader.pause();
  reader.write(`GET /api/recordings/${recording.id}/audio HTTP/1.1\r\nHost: ${host}\r\nCookie: ${cookie}\r\n\r\n`);
  expect(await closed(await serverSide, 15_000)).toBe('closed');
  reader.destroy();
});

it("keeps an idle keep-alive connection for keep-alive's own limit, not the work limit", async () => {
  const { port, host } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  socket.on('error', () => {});
  let answers = '';
  socket.on('data', (chunk) => (answers += chunk));
  const ask = () => socket.write(`GET /api/health HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
  ask();
  await expect.poll(() => answers.match(/HTTP\/1\.1 200/g)?.length ?? 0, { timeout: 10_000 }).toBe(1);
  // Idle for longer than the one-second work limit of this server, well within keep-alive's.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  ask();
  await expect.poll(() => answers.match(/HTTP\/1\.1 200/g)?.length ?? 0, { timeout: 10_000 }).toBe(2);
  socket.destroy();
});

it('does not cut off a complete upload while the server works on it longer than the idle limit', async () => {
  // The server's work (here, storing the audio) outlasts the idle limit threefold. The limit
  // itself is a second, not less: this process also sends the body, and a pause of its own
  // event loop between two pieces must not read as a client gone quiet.
  const files = localBlobStore(mkdtempSync(path.join(tmpdir(), 'saaga-slow-store-')));
  const slowStore: BlobStore = {
    ...files,
    putFile: async (key, file, contentType) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await files.putFile(key, file, contentType);
    },
  };
  const strict = await startTestApp(
    { LOGIN_RATE_LIMIT: '1000' },
    { store: slowStore, timeouts: { idleConnectionMs: 1_000 } },
  );
  const clips = await clipDir();
  try {
    const { client: uploader } = await signedUpClient(strict.url, 'patient@example.com');
    const bytes = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
    const response = await uploadForm(uploader, '/api/recordings', { contextType: 'new_story' }, { bytes, filename: 'recording.webm' });
    expect(response.status).toBe(201);
  } finally {
    await clips.remove();
    await strict.close();
  }
});
