import type { FastifyInstance } from 'fastify';

/**
 * Bounds what a client that stops sending can hold. While a request's body is arriving,
 * a connection silent for `idleMs` is closed (on every request, keep-alive ones too);
 * once the body is in, the server's own work is not cut short. An answer given before
 * the body has fully arrived (a refused upload, a 401) closes the connection, rather than
 * keeping it open for a body nobody will read.
 */
export function limitConnections(app: FastifyInstance, idleMs: number): void {
  app.addHook('onRequest', async (request) => {
    const socket = request.raw.socket;
    if (request.raw.complete || !socket) return;
    socket.setTimeout(idleMs);
    request.raw.once('end', () => socket.setTimeout(0));
  });
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
}
