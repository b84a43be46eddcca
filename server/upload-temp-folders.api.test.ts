import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { HttpClient } from '../test/support/http-client.ts';
import { waitFor } from '../test/support/pipeline.ts';
import { type ServerProcess, serverDatabase, spawnServer } from '../test/support/server-process.ts';

// An upload is spooled to a folder in the temporary directory (60 MiB at most). Whatever
// ends the upload (the client going away, the server asked to stop, the server killed and
// started again), the folder does not stay behind.
const servers: ServerProcess[] = [];
const sockets: Socket[] = [];
const cleanups: (() => Promise<void>)[] = [];
let tmp: string;
beforeEach(async () => {
  // The server's own temporary directory, so only its folders are counted.
  tmp = await mkdtemp(path.join(tmpdir(), 'saaga-server-tmp-'));
  cleanups.push(() => rm(tmp, { recursive: true, force: true }));
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) await server.stop();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const uploadFolders = async () => (await readdir(tmp)).filter((name) => name.startsWith('saaga-upload-'));

async function startServer(env: Record<string, string> = {}): Promise<{ server: ServerProcess; client: HttpClient }> {
  const server = await spawnServer({ TMPDIR: tmp, LOG_LEVEL: 'debug', ...env });
  servers.push(server);
  await server.serving();
  const client = new HttpClient(server.url);
  return { server, client };
}

/** Sends the start of a 5 MB upload and holds the rest back; resolves once its folder is there. */
async function stallUpload(server: ServerProcess, client: HttpClient): Promise<Socket> {
  const { port, host } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => {});
  socket.write(
    [
      'POST /api/recordings HTTP/1.1',
      `Host: ${host}`,
      `Origin: ${server.url}`,
      `Cookie: saaga_session=${client.cookie('saaga_session')}`,
      'Content-Type: multipart/form-data; boundary=stall',
      `Content-Length: ${5 * 1024 * 1024}`,
      '',
      '--stall\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\n\r\n' + 'x'.repeat(100_000),
    ].join('\r\n'),
  );
  await waitFor(uploadFolders, (folders) => folders.length === 1, 10_000);
  return socket;
}

async function signUp(client: HttpClient) {
  const response = await client.post('/api/auth/local/sign-up', { email: 'aino@example.com', password: 'kesä mökillä 1969', firstName: 'Aino' });
  expect(response.status).toBe(202);
  // Sign-up signs no one in (decision 027): the client signs in next.
  expect((await client.post('/api/auth/local/sign-in', { email: 'aino@example.com', password: 'kesä mökillä 1969' })).status).toBe(200);
}

it('removes the folder of an upload the client gave up half way', { timeout: 120_000 }, async () => {
  const database = await serverDatabase();
  cleanups.push(database.drop);
  const { server, client } = await startServer(database.env);
  await signUp(client);
  const socket = await stallUpload(server, client);
  socket.destroy();
  expect(await waitFor(uploadFolders, (folders) => folders.length === 0, 10_000)).toEqual([]);
});

it('removes the folder of an upload in flight when asked to stop (SIGTERM)', { timeout: 120_000 }, async () => {
  const database = await serverDatabase();
  cleanups.push(database.drop);
  const { server, client } = await startServer(database.env);
  await signUp(client);
  await stallUpload(server, client);
  server.child.kill('SIGTERM');
  await server.exited;
  expect(await uploadFolders()).toEqual([]);
});

it('removes, at start, the folder a killed server left (SIGKILL)', { timeout: 180_000 }, async () => {
  const database = await serverDatabase();
  cleanups.push(database.drop);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'saaga-server-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const first = await startServer({ ...database.env, DATA_DIR: dataDir });
  await signUp(first.client);
  await stallUpload(first.server, first.client);
  await first.server.stop('SIGKILL');
  expect(await uploadFolders()).toHaveLength(1);
  await startServer({ ...database.env, DATA_DIR: dataDir });
  expect(await uploadFolders()).toEqual([]);
});
