import type { BlobStore } from '../../storage/index.ts';
import { type PieceKind, pieceKey, removePieces as removeUploadPieces } from '../../uploads/pieces.ts';
import { CHUNK_BYTES } from './presenter.ts';
import { uploadRefusal } from './refusals.ts';

/** Where the pieces of an import's upload are kept: under the person's own folder, so deleting an account lists one prefix. */
export const importPiecesPrefix = (userId: string, importId: string) => `users/${userId}/imports/${importId}/`;

/** An archive's upload in pieces (server/uploads/). */
export const IMPORT_PIECES: PieceKind = {
  pieceBytes: CHUNK_BYTES,
  folder: (upload) => importPiecesPrefix(upload.userId, upload.id),
  refusal: { wrongPiece: uploadRefusal.wrongPiece, pieceSize: uploadRefusal.pieceSize },
};

export const importPieceKey = (userId: string, importId: string, index: number) => pieceKey(IMPORT_PIECES, { userId, id: importId }, index);

/** Removes an import's pieces from the store. */
export const removePieces = (store: BlobStore, upload: { userId: string; id: string }) => removeUploadPieces(store, IMPORT_PIECES, upload);
