import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface ConnectionLimits {
  /** While a request's body arrives: a client silent this long is cut off. */
  idleMs: number;
  /** Once the body is in: the server's own work and the answer's delivery may go this long without progress. */
  workMs: number;
}

/**
 * Bounds what a client that stops sending or reading can hold. While a request's body is
 * arriving, a connection silent for `idleMs` is closed (on every request, keep-alive ones
 * too); once the body is in, the server's own work gets the longer `workMs`, so a long
 * decode is not cut short but a reader that never reads is still let go. An answer given
 * before the body has fully arrived (a refused upload, a 401) closes the connection,
 * rather than keeping it open for a body nobody will read.
 */
export function limitConnections(app: FastifyInstance, limits: ConnectionLimits): void {
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket;
    if (!socket) return;
    if (request.raw.complete) {
      socket.setTimeout(limits.workMs);
      return;
    }
    socket.setTimeout(limits.idleMs);
    const bodyIn = () => socket.setTimeout(limits.workMs);
    request.raw.once('end', bodyIn);
    // A body nobody read ends only after the answer; by then keep-alive's own limit applies.
    reply.raw.once('finish', () => request.raw.off('end', bodyIn));
  });
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
  closeUnusedConnectionsOnClose(app);
}

/**
 * A connection that has not sent a request yet (a browser's preconnect, an HTTP client's
 * spare socket) is not "idle" to Node's closeIdleConnections, so closing the server waited
 * for it until the headers timeout (60 s). At close such connections end at once; those
 * with a request in progress still get to finish.
 */
function closeUnusedConnectionsOnClose(app: FastifyInstance): void {
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.prependListener('request', (request) => unused.delete(request.socket));
  app.addHook('preClose', async () => {
    for (const socket of unused) socket.destroy();
  });
}
