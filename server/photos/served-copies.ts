import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PhotoSize } from '../../contract/photos.ts';
import type { photos } from '../db/schema.ts';
import { sendStoredBlob } from '../http/send-blob.ts';
import type { BlobStore } from '../storage/index.ts';
import { etagOf, matchesEtag } from '../http/http-cache.ts';
import { photoCopyKey } from './photo-copies-store.ts';

/**
 * Serving a photo to someone who is not its owner (the public page, the co-author page):
 * only the derived copies, which carry no metadata at all (no GPS, no camera serial). The
 * original is the owner's alone, so `original` is not a size these routes know.
 */
export const SERVED_SIZES = ['thumb', 'display'] as const;
export type ServedSize = Extract<PhotoSize, (typeof SERVED_SIZES)[number]>;
export const servedSizeQuery = z.object({ size: z.enum(SERVED_SIZES, { error: 'use thumb or display' }).default('display') });

/** A path's photo id when it is one (digits), else null: looked up nowhere, answered like an unknown photo. */
export const idOrNull = (value: string): number | null => (/^\d{1,9}$/.test(value) ? Number(value) : null);

/**
 * Sends a derived copy (JPEG) with its ETag (a copy never changes: its key is its version),
 * or 304 when the browser holds it.
 */
export async function sendPhotoCopy(
  request: FastifyRequest,
  reply: FastifyReply,
  store: BlobStore,
  photo: Pick<typeof photos.$inferSelect, 'id' | 'userId' | 'originalType'>,
  size: ServedSize,
  cacheControl: string,
) {
  const key = photoCopyKey(photo, size);
  const etag = etagOf(key);
  reply.header('etag', etag);
  if (!request.headers.range && matchesEtag(request.headers['if-none-match'], etag)) {
    return reply.status(304).header('cache-control', cacheControl).send();
  }
  return sendStoredBlob(request, reply, store, {
    key,
    mimeType: 'image/jpeg',
    disposition: `inline; filename="photo-${photo.id}-${size}.jpg"`,
    cacheControl,
    missing: 'Photo not found',
  });
}
