import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { HttpError } from '../http/errors.ts';

/** How a piece is sent. */
export const PIECE_TYPE = 'application/octet-stream';

/**
 * Lets the routes of this plugin take a piece's bytes (application/octet-stream), read whole
 * and refused with `tooLarge` as soon as they grow past `maxBytes`. Fastify keeps a parser to
 * the plugin that adds it, so each kind of upload has its own cap.
 */
export function acceptPieces(app: FastifyInstance, maxBytes: number, tooLarge: () => HttpError): void {
  app.addContentTypeParser(PIECE_TYPE, { bodyLimit: maxBytes }, (_request: FastifyRequest, payload, done) => {
    const parts: Buffer[] = [];
    let size = 0;
    let refused = false;
    payload.on('data', (part: Buffer) => {
      size += part.length;
      if (size > maxBytes && !refused) {
        refused = true;
        payload.resume();
        done(tooLarge(), undefined);
      } else if (!refused) parts.push(part);
    });
    payload.on('end', () => {
      if (!refused) done(null, Buffer.concat(parts, size));
    });
    payload.on('error', (error) => {
      if (!refused) done(error, undefined);
    });
  });
}

/** The piece a route was sent, or `wrongType` when it came as anything but bytes. */
export function pieceOf(request: FastifyRequest, wrongType: () => HttpError): Buffer {
  if (!Buffer.isBuffer(request.body)) throw wrongType();
  return request.body;
}
