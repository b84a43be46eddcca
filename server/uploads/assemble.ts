import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../storage/index.ts';
import { type PiecedUpload, type PieceKind, pieceKey } from './pieces.ts';

/**
 * Joins an upload's pieces, in order, into one new file at `file` (streamed, never held in
 * memory); answers the file's size, which the caller compares with the upload's.
 */
export async function assemblePieces(store: BlobStore, kind: PieceKind, upload: PiecedUpload, file: string): Promise<number> {
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  try {
    const pieces = Math.ceil(upload.sizeBytes / kind.pieceBytes);
    for (let index = 0; index < pieces; index++) {
      const piece = await store.get(pieceKey(kind, upload, index));
      if (!piece) throw new Error(`piece ${index} of upload ${upload.id} is missing from the store`);
      await pipeline(piece.body, out, { end: false });
    }
  } finally {
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  return (await stat(file)).size;
}
