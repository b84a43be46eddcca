import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore } from '../storage/index.ts';
import { parseByteRange } from './byte-range.ts';
import { notFound } from './errors.ts';

/** What `sendStoredBlob` sends: a blob, its type, and the headers that differ between callers. */
export interface StoredBlobAnswer {
  key: string;
  mimeType: string;
  disposition: string;
  cacheControl: string;
  /** The 404's words when the blob is gone. */
  missing: string;
}

/**
 * Sends a blob from the store, whole or the one byte range asked for (206 with Content-Range;
 * 416 for a range outside it), always with Accept-Ranges, Content-Length and nosniff: audio
 * seeks with it, and a cut download of an archive resumes with it.
 */
export async function sendStoredBlob(request: FastifyRequest, reply: FastifyReply, store: BlobStore, blob: StoredBlobAnswer) {
  const size = await store.size(blob.key);
  if (size === null) throw notFound(blob.missing);
  const range = parseByteRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send({ message: 'Range not satisfiable', code: 'range' });
  }
  const stored = await store.get(blob.key, range ?? undefined);
  if (!stored) throw notFound(blob.missing);
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', blob.mimeType)
    .header('content-disposition', blob.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', blob.cacheControl);
  if (!range) return reply.header('content-length', size).send(stored.body);
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(stored.body);
}
