import type { BlobStore } from '../storage/index.ts';
import { type PieceKind, removePieces } from './pieces.ts';

const HOUR_MS = 60 * 60 * 1000;

/** One kind's unfinished uploads, as its own table keeps them. */
export interface UnfinishedUploads<Row extends { id: string; userId: string }> {
  /** Unfinished uploads not touched since `cutoff` (a batch: the next sweep takes the rest). */
  staleSince(cutoff: Date): Promise<Row[]>;
  /** Removes the row if it is still unfinished and untouched since `cutoff`; answers whether it went. */
  removeIfStale(upload: Row, cutoff: Date): Promise<boolean>;
}

/**
 * Removes uploads in pieces left unfinished for longer than `keptHours`: the pieces first,
 * then the row, so nothing is left that no row names. Answers how many went; several
 * processes sweeping at once do no harm (the row goes only if still stale).
 */
export async function sweepStaleUploads<Row extends { id: string; userId: string }>(
  store: BlobStore,
  kind: PieceKind,
  keptHours: number,
  uploads: UnfinishedUploads<Row>,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - keptHours * HOUR_MS);
  let removed = 0;
  for (const upload of await uploads.staleSince(cutoff)) {
    await removePieces(store, kind, upload);
    if (await uploads.removeIfStale(upload, cutoff)) removed++;
  }
  return removed;
}
