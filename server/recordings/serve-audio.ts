import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import { parseByteRange } from '../http/byte-range.ts';
import { notFound } from '../http/errors.ts';
import type { BlobStore } from '../storage/index.ts';

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/flac': 'flac',
  'audio/aac': 'aac',
};

/**
 * Sends a recording's audio with HTTP range support (seeking). The type is the one
 * sniffed at upload, and the file is an attachment: an uploaded file opened on its own
 * is downloaded, never rendered as a page of this site.
 */
export async function sendAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  store: BlobStore,
  recording: Authorized<ResourceRows['recording'], 'read'>,
) {
  return sendStoredAudio(request, reply, store, {
    key: recording.audioKey,
    mimeType: recording.mimeType,
    disposition: `attachment; filename="recording-${recording.id}.${EXTENSIONS[recording.mimeType] ?? 'audio'}"`,
    cacheControl: 'private, max-age=3600',
  });
}

/** What `sendStoredAudio` sends: a blob, its type, and the headers that differ between callers. */
export interface StoredAudio {
  key: string;
  mimeType: string;
  disposition: string;
  cacheControl: string;
}

/** Sends audio from the blob store, whole or the byte range asked for (206), with nosniff. */
export async function sendStoredAudio(request: FastifyRequest, reply: FastifyReply, store: BlobStore, audio: StoredAudio) {
  const size = await store.size(audio.key);
  if (size === null) throw notFound('Audio not found');
  const range = parseByteRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).send({ message: 'Range not satisfiable', code: 'range' });
  }
  const blob = await store.get(audio.key, range ?? undefined);
  if (!blob) throw notFound('Audio not found');
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', audio.mimeType)
    .header('content-disposition', audio.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', audio.cacheControl);
  if (!range) return reply.header('content-length', size).send(blob.body);
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(blob.body);
}
