import type { HttpError } from '../http/errors.ts';
import type { BlobStore } from '../storage/index.ts';

/** An upload in pieces as the rule sees it: whose, how large, how much of it is in. */
export interface PiecedUpload {
  id: string;
  userId: string;
  sizeBytes: number;
  receivedBytes: number;
}

/** One kind of upload in pieces (an archive, a recording): how long a piece is, where pieces are kept, its refusals. */
export interface PieceKind {
  pieceBytes: number;
  /** The folder of an upload's pieces: under the person's own folder, so deleting an account lists one prefix. */
  folder(upload: { userId: string; id: string }): string;
  refusal: {
    /** Not the next piece, nor the last one again. */
    wrongPiece(expected: number): HttpError;
    /** Not `pieceBytes` long (the last one: not what is left). */
    pieceSize(): HttpError;
  };
}

/** Where piece `index` of an upload is kept. */
export const pieceKey = (kind: PieceKind, upload: { userId: string; id: string }, index: number) =>
  `${kind.folder(upload)}${String(index).padStart(6, '0')}`;

/** How many pieces the server holds. */
export const piecesIn = (kind: PieceKind, upload: PiecedUpload) => Math.ceil(upload.receivedBytes / kind.pieceBytes);

/** How the caller's table moves an upload's received count, and reads it again. */
export interface ReceivedCount<Row extends PiecedUpload> {
  /** Moves the count to `receivedBytes` only if it is still where `upload` had it; answers the moved row, or nothing. */
  advance(upload: Row, receivedBytes: number): Promise<Row | undefined>;
  /** The row as it is now. */
  current(upload: Row): Promise<Row>;
}

/**
 * Keeps one piece: it must be the next one, exactly `pieceBytes` long (the last one: what is
 * left). It is stored durably before the received count moves past it, so a crash loses at
 * most the piece in flight, on a local folder and on S3 alike, across API servers. The last
 * piece sent again (its answer was lost) changes nothing. Whether the upload still takes
 * pieces is the caller's to check first.
 */
export async function receivePiece<Row extends PiecedUpload>(
  store: BlobStore,
  kind: PieceKind,
  count: ReceivedCount<Row>,
  upload: Row,
  index: number,
  bytes: Buffer,
): Promise<Row> {
  const held = piecesIn(kind, upload);
  if (index === held - 1) return upload;
  if (index !== held || upload.receivedBytes >= upload.sizeBytes) throw kind.refusal.wrongPiece(held);
  if (bytes.length !== Math.min(kind.pieceBytes, upload.sizeBytes - upload.receivedBytes)) throw kind.refusal.pieceSize();

  await store.put(pieceKey(kind, upload, index), bytes, 'application/octet-stream');
  // Another request took the same piece meanwhile (the same bytes, the same key): its answer stands.
  return (await count.advance(upload, upload.receivedBytes + bytes.length)) ?? (await count.current(upload));
}

/** Removes an upload's pieces from the store. */
export async function removePieces(store: BlobStore, kind: PieceKind, upload: { userId: string; id: string }): Promise<void> {
  for await (const piece of store.list(kind.folder(upload))) await store.delete(piece.key);
}
