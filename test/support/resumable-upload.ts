import { randomUUID } from 'node:crypto';
import type { ResumableUpload } from '../../contract/resumable-uploads.ts';
import type { HttpClient } from './http-client.ts';

/** The start of a take's upload in pieces, as the outbox sends it. */
export const startTake = (client: HttpClient, bytes: Buffer, fields: Record<string, string> = {}, takeId: string = randomUUID()) =>
  client.post('/api/recordings/resumable', { takeId, sizeBytes: bytes.length, mimeType: 'audio/webm;codecs=opus', fields });

/** One piece as the browser sends it: application/octet-stream. */
export const sendTakePiece = (client: HttpClient, id: string, index: number, piece: Buffer | Uint8Array) =>
  client.request('PUT', `/api/recordings/resumable/${id}/pieces/${index}`, new Uint8Array(piece));

/** Piece `index` of a take's bytes. */
export const pieceOfTake = (bytes: Buffer, upload: Pick<ResumableUpload, 'pieceBytes'>, index: number) =>
  bytes.subarray(index * upload.pieceBytes, (index + 1) * upload.pieceBytes);

/**
 * Sends the pieces from where the server stands, at most `limit` of them; answers where the
 * upload stands after, and the bytes sent.
 */
export async function sendPiecesFrom(
  client: HttpClient,
  upload: ResumableUpload,
  bytes: Buffer,
  limit = Number.POSITIVE_INFINITY,
): Promise<{ upload: ResumableUpload; bytesSent: number }> {
  let bytesSent = 0;
  for (let sent = 0; sent < limit && upload.receivedBytes < upload.sizeBytes; sent++) {
    const index = Math.ceil(upload.receivedBytes / upload.pieceBytes);
    const piece = pieceOfTake(bytes, upload, index);
    const answer = await sendTakePiece(client, upload.id, index, piece);
    if (answer.status !== 200) throw new Error(`piece ${index} answered ${answer.status}: ${await answer.text()}`);
    bytesSent += piece.length;
    upload = (await answer.json()) as ResumableUpload;
  }
  return { upload, bytesSent };
}

/** Starts (or finds) a take's upload, sends every piece still missing and finishes it; answers the finish. */
export async function uploadTake(client: HttpClient, bytes: Buffer, fields: Record<string, string> = {}, takeId: string = randomUUID()): Promise<Response> {
  const started = await startTake(client, bytes, fields, takeId);
  if (started.status !== 201 && started.status !== 200) throw new Error(`the start answered ${started.status}: ${await started.text()}`);
  const { upload } = await sendPiecesFrom(client, (await started.json()) as ResumableUpload, bytes);
  return client.post(`/api/recordings/resumable/${upload.id}/finish`);
}
