import { HttpError } from '../../http/errors.ts';

/**
 * Why a recording's upload in pieces is refused, in plain words; the client shows its own text
 * for each code (client/src/i18n/locales/{en,fi}/errors.json). What the audio itself is refused
 * for (not audio, too long, no room) are the multipart upload's own refusals (upload-errors.ts).
 */
export const resumableRefusal = {
  wrongPiece: (expected: number) =>
    new HttpError(409, 'upload_wrong_piece', `This is not the next piece of the recording: send piece ${expected}.`),
  pieceSize: () => new HttpError(400, 'upload_piece_size', 'A piece of the recording has the wrong size.'),
  pieceType: () => new HttpError(415, 'upload_piece_type', 'A piece of the recording is sent as application/octet-stream.'),
  pieceTooLarge: () => new HttpError(413, 'upload_piece_too_large', 'A piece of the recording is larger than a piece may be.'),
  incomplete: () => new HttpError(409, 'upload_incomplete', 'Not every piece of the recording has arrived yet.'),
  /** Given up once the recording is saved: it is a recording now, deleted as one. */
  done: () => new HttpError(409, 'upload_done', 'This recording has been uploaded already.'),
  /** The take id names an upload of another size: not the same take. */
  takeChanged: () => new HttpError(409, 'upload_take_changed', 'This take is being uploaded already with another size.'),
};
