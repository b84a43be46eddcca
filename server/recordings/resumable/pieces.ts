import { RESUMABLE_UPLOAD_LIMITS } from '../../../contract/resumable-uploads.ts';
import type { PieceKind } from '../../uploads/pieces.ts';
import { resumableRefusal } from './refusals.ts';

/** Where a recording's pieces are kept until it is finished: users/{userId}/uploads/{id}/{index:06d}. */
export const RECORDING_PIECES: PieceKind = {
  pieceBytes: RESUMABLE_UPLOAD_LIMITS.pieceBytes,
  folder: (upload) => `users/${upload.userId}/uploads/${upload.id}/`,
  refusal: { wrongPiece: resumableRefusal.wrongPiece, pieceSize: resumableRefusal.pieceSize },
};
