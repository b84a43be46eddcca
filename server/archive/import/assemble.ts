import type { BlobStore } from '../../storage/index.ts';
import { assemblePieces as assembleUpload } from '../../uploads/assemble.ts';
import { IMPORT_PIECES } from './keys.ts';
import type { ImportRow } from './presenter.ts';
import { archiveRefusal } from './refusals.ts';

/** Joins an import's pieces, in order, into one file at `file` (streamed, never held in memory). */
export async function assemblePieces(store: BlobStore, upload: ImportRow, file: string): Promise<void> {
  if ((await assembleUpload(store, IMPORT_PIECES, upload, file)) !== upload.sizeBytes) throw archiveRefusal.damaged();
}
