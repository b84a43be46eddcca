import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import { sendStoredBlob, type StoredBlobAnswer } from '../http/send-blob.ts';
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
export type StoredAudio = Omit<StoredBlobAnswer, 'missing'>;

/** Sends audio from the blob store, whole or the byte range asked for (206), with nosniff. */
export function sendStoredAudio(request: FastifyRequest, reply: FastifyReply, store: BlobStore, audio: StoredAudio) {
  return sendStoredBlob(request, reply, store, { ...audio, missing: 'Audio not found' });
}
