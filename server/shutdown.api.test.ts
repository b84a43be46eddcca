import { connect, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { HttpClient } from '../test/support/http-client.ts';
import { type ServerProcess, serverDatabase, spawnServer } from '../test/support/server-process.ts';

// SIGTERM ends the server in seconds even while a client holds an upload open
// (without the grace it would wait for the minute-long idle limit).
const servers: ServerProcess[] = [];
const sockets: Socket[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) await server.stop();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

it('stops on SIGTERM while an upload is stalled half way', { timeout: 120_000 }, async () => {
  const database = await serverDatabase();
  cleanups.push(database.drop);
  // At debug level the server logs each request as it comes in (decision 026).
  const server = await spawnServer({ ...database.env, LOG_LEVEL: 'debug' });
  servers.push(server);
  await server.serving();
  const client = new HttpClient(server.url);
  const signUp = await client.post('/api/auth/local/sign-up', { email: 'aino@example.com', password: 'kesä mökillä 1969', firstName: 'Aino' });
  expect(signUp.status).toBe(202);
  expect((await client.post('/api/auth/local/sign-in', { email: 'aino@example.com', password: 'kesä mökillä 1969' })).status).toBe(200);

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
      '--stall\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\n\r\n' + 'x'.repeat(1000),
    ].join('\r\n'),
  );
  // The upload has reached the server before it is asked to stop.
  await expect.poll(() => server.output(), { timeout: 10_000 }).toMatch(/"url":"\/api\/recordings"/);

  server.child.kill('SIGTERM');
  const ended = await Promise.race([server.exited.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still running'), 30_000))]);
  expect(ended).toBe('ended');
  expect(server.output()).toContain('SIGTERM: shutting down');
});
