import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../../storage/index.ts';
import { importPieceKey } from './keys.ts';
import { CHUNK_BYTES, type ImportRow } from './presenter.ts';
import { archiveRefusal } from './refusals.ts';

/** Joins an import's pieces, in order, into one file at `file` (streamed, never held in memory). */
export async function assemblePieces(store: BlobStore, upload: ImportRow, file: string): Promise<void> {
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  try {
    const pieces = Math.ceil(upload.sizeBytes / CHUNK_BYTES);
    for (let index = 0; index < pieces; index++) {
      const piece = await store.get(importPieceKey(upload.userId, upload.id, index));
      if (!piece) throw new Error(`piece ${index} of import ${upload.id} is missing from the store`);
      await pipeline(piece.body, out, { end: false });
    }
  } finally {
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  if ((await stat(file)).size !== upload.sizeBytes) throw archiveRefusal.damaged();
}
