import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Public pages and reads: kept a minute by browsers and shared caches, then asked again (a 304 when unchanged). */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, must-revalidate';

/** A strong ETag of these bytes. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** Whether an If-None-Match header names this ETag (weak or strong, in a list, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Sends a public body with its ETag and cache headers, or 304 when the client holds it already. */
export function sendCacheable(request: FastifyRequest, reply: FastifyReply, body: string, contentType: string) {
  const etag = etagOf(body);
  reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply.type(contentType).send(body);
}
