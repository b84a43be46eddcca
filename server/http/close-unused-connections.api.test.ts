import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { startTestApp } from '../../test/support/test-app.ts';

// A connection that never sent a request (a browser's preconnect) must not hold a closing
// server until the headers timeout (60 s): closing ends it at once.
it('closing the server ends a connection that has not sent a request yet', async () => {
  const server = await startTestApp();
  const { port } = new URL(server.url);
  const socket = connect(Number(port), '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const socketClosed = new Promise<'closed'>((resolve) => socket.once('close', () => resolve('closed')));

  const closing = server.close();
  const stillOpen = new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), 10_000).unref());
  expect(await Promise.race([socketClosed, stillOpen])).toBe('closed');
  await closing;
});
