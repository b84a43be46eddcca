import type { FastifyInstance } from 'fastify';

/**
 * An answer given before the request's body has fully arrived (a refused upload, a 401)
 * closes the connection: otherwise a client that stopped sending would hold the socket
 * for as long as keep-alive allows, waiting for a body nobody will read.
 */
export function closeConnectionsWithUnreadBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
}
