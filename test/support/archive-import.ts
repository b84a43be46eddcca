import type { ArchiveImport } from '../../contract/archive.ts';
import type { HttpClient } from './http-client.ts';
import { waitFor } from './wait-for.ts';

/** Uploads an archive as the Settings card does: start, every piece in order; answers the import (not finished). */
export async function uploadPieces(client: HttpClient, bytes: Buffer, fileName = 'saaga-archive.zip'): Promise<ArchiveImport> {
  const started = await client.post('/api/account/import', { sizeBytes: bytes.length, fileName });
  if (started.status !== 201) throw new Error(`starting the import answered ${started.status}: ${await started.text()}`);
  let upload = (await started.json()) as ArchiveImport;
  for (let index = 0; upload.receivedBytes < upload.sizeBytes; index++) {
    const piece = bytes.subarray(index * upload.chunkSize, (index + 1) * upload.chunkSize);
    const answer = await sendPiece(client, upload.id, index, piece);
    if (answer.status !== 200) throw new Error(`piece ${index} answered ${answer.status}: ${await answer.text()}`);
    upload = (await answer.json()) as ArchiveImport;
  }
  return upload;
}

/** One piece as the browser sends it: application/octet-stream. */
export const sendPiece = (client: HttpClient, id: string, index: number, piece: Buffer | Uint8Array) =>
  client.request('PUT', `/api/account/imports/${id}/chunks/${index}`, new Uint8Array(piece));

/** Uploads and finishes; answers the import's id. */
export async function uploadArchive(client: HttpClient, bytes: Buffer, fileName?: string): Promise<string> {
  const upload = await uploadPieces(client, bytes, fileName);
  const finished = await client.post(`/api/account/imports/${upload.id}/finish`);
  if (finished.status !== 202) throw new Error(`finish answered ${finished.status}: ${await finished.text()}`);
  return upload.id;
}

/** The import once the job is done with it (done or failed). */
export const settledImport = (client: HttpClient, id: string, timeoutMs: number) =>
  waitFor<ArchiveImport>(
    async () => (await client.get(`/api/account/imports/${id}`)).json() as Promise<ArchiveImport>,
    (row) => row.state === 'done' || row.state === 'failed',
    timeoutMs,
    `import ${id} done or failed`,
  );
