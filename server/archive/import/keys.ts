import type { BlobStore } from '../../storage/index.ts';

/** Where the pieces of an import's upload are kept: under the person's own folder, so deleting an account lists one prefix. */
export const importPiecesPrefix = (userId: string, importId: string) => `users/${userId}/imports/${importId}/`;

export const importPieceKey = (userId: string, importId: string, index: number) =>
  `${importPiecesPrefix(userId, importId)}${String(index).padStart(6, '0')}`;

/** Removes an import's pieces from the store. */
export async function removePieces(store: BlobStore, upload: { userId: string; id: string }): Promise<void> {
  for await (const piece of store.list(importPiecesPrefix(upload.userId, upload.id))) await store.delete(piece.key);
}
