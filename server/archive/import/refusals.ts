import { HttpError } from '../../http/errors.ts';

/**
 * Why an import is refused, in plain words; the client shows its own text for each code
 * (client/src/i18n/locales/{en,fi}/errors.json). The upload's refusals answer the request;
 * the archive's (found by the job) are kept on the import's row as its error and errorCode.
 */
export const uploadRefusal = {
  tooLarge: () => new HttpError(413, 'import_too_large', 'This archive is too large to import.'),
  noRoom: () => new HttpError(413, 'import_storage_limit', 'This archive does not fit in the room your account has for recordings and photos.'),
  wrongPiece: (expected: number) =>
    new HttpError(409, 'import_wrong_piece', `This is not the next piece of the upload: send piece ${expected}.`),
  pieceSize: () => new HttpError(400, 'import_piece_size', 'A piece of the upload has the wrong size.'),
  pieceType: () => new HttpError(415, 'import_piece_type', 'A piece of the upload is sent as application/octet-stream.'),
  pieceTooLarge: () => new HttpError(413, 'import_piece_too_large', 'A piece of the upload is larger than a piece may be.'),
  notUploading: () => new HttpError(409, 'import_not_uploading', 'This import is no longer taking pieces.'),
  incomplete: () => new HttpError(409, 'import_incomplete', 'Not every piece of the archive has arrived yet.'),
  busy: () => new HttpError(409, 'import_busy', 'The archive is being imported now and cannot be cancelled.'),
  /** Kept on the row of an upload the person cancelled. */
  cancelled: () => new HttpError(409, 'import_cancelled', 'The upload was cancelled.'),
  perDay: () => new HttpError(429, 'rate_limited', 'You have started as many imports as one day allows. Please try again tomorrow.'),
};

/** What the job found wrong with an archive: nothing of it is kept. */
export const archiveRefusal = {
  notAnArchive: () => new HttpError(422, 'archive_not_saaga', 'This file is not a Saaga archive.'),
  newerVersion: () => new HttpError(422, 'archive_version', 'This archive was made by a newer version of Saaga.'),
  damaged: () => new HttpError(422, 'archive_damaged', 'The archive is damaged: part of it cannot be read.'),
  unsafePath: () => new HttpError(422, 'archive_unsafe_path', 'The archive contains a path outside it.'),
  notAFile: () => new HttpError(422, 'archive_not_a_file', 'The archive contains a link or another entry that is not a plain file.'),
  tooManyEntries: () => new HttpError(422, 'archive_too_many_entries', 'The archive contains too many files.'),
  bomb: () => new HttpError(422, 'archive_bomb', 'The archive expands to far more than its own size.'),
  invalidData: (file: string) => new HttpError(422, 'archive_invalid_data', `The archive's ${file} is not what a Saaga archive holds.`),
  missingFile: (file: string) => new HttpError(422, 'archive_missing_file', `The archive does not contain ${file}.`),
  brokenReference: (what: string) => new HttpError(422, 'archive_broken_reference', `The archive names something it does not contain: ${what}.`),
  audioRefused: (file: string) => new HttpError(422, 'archive_audio_refused', `A recording in the archive is not audio Saaga can take: ${file}.`),
  audioChanged: (file: string) => new HttpError(422, 'archive_audio_changed', `A recording in the archive is not the one its data describes: ${file}.`),
  noRoom: () => new HttpError(422, 'archive_storage_limit', "The archive's recordings do not fit in the room your account has for recordings."),
  photoRefused: (file: string) => new HttpError(422, 'archive_photo_refused', `A photo in the archive is not a picture Saaga can take: ${file}.`),
  photoChanged: (file: string) => new HttpError(422, 'archive_photo_changed', `A photo in the archive is not the one its data describes: ${file}.`),
  noPhotoRoom: () => new HttpError(422, 'archive_photo_storage_limit', "The archive's photos do not fit in the room your account has for photos."),
  /** The job failed for good for a reason of ours (the store, the database): nothing was kept. */
  failed: () => new HttpError(500, 'import_failed', 'The import failed; nothing of the archive was added. Please try again.'),
};

export const isArchiveRefusal = (error: unknown): error is HttpError => error instanceof HttpError && error.statusCode === 422;
