import { PHOTO_MAX_BYTES, PHOTO_MAX_EDGE, PHOTO_MAX_FILES_PER_UPLOAD, PHOTO_MAX_PIXELS } from '../../contract/photos.ts';
import { HttpError } from '../http/errors.ts';

const MB = 1024 * 1024;

/** Why a photo upload is refused, in the words the client shows and codes it translates (PHOTOS.md). */
export const photoRefusal = {
  /** Not one of PHOTO_TYPES by its bytes (a GIF, a TIFF, a PDF, a camera's raw file, anything renamed). */
  typeUnsupported: () =>
    new HttpError(
      415,
      'photo_type_unsupported',
      'This kind of picture cannot be added. Send it as a JPEG, PNG, WebP or HEIC photo (on a phone: share it from the photo gallery).',
    ),
  tooLarge: () => new HttpError(413, 'photo_too_large', `A photo may be at most ${PHOTO_MAX_BYTES / MB} MB.`),
  /** Read from the file's header before a pixel is decoded: a decompression bomb ends here. */
  dimensionsTooLarge: () =>
    new HttpError(
      413,
      'photo_dimensions_too_large',
      `This picture is too large to open: at most ${PHOTO_MAX_EDGE} pixels a side and ${PHOTO_MAX_PIXELS / 1_000_000} megapixels.`,
    ),
  /** The account's stored photos are at their cap (ACCOUNT_PHOTO_MB). */
  quotaExceeded: () => new HttpError(413, 'photo_quota_exceeded', 'Your account has no room for more photos.'),
  /** The photos added through one co-author link are at their cap (LINK_PHOTO_MB), like its recordings' (LINK_AUDIO_MB). */
  linkQuotaExceeded: () => new HttpError(413, 'photo_link_storage_limit', 'This story has no room for more photos.'),
  tooManyFiles: () => new HttpError(400, 'photo_too_many_files', `Add at most ${PHOTO_MAX_FILES_PER_UPLOAD} photos at a time.`),
  /** Its bytes say it is an image of a kind we take, but it does not decode (cut off, damaged). */
  unreadable: () => new HttpError(400, 'photo_unreadable', 'This photo could not be read. It may be damaged; please try another copy.'),
  /** The account's photo uploads this hour (PHOTO_UPLOADS_PER_HOUR). */
  uploadLimit: () => new HttpError(429, 'photo_upload_limit', 'You have added as many photos as one hour allows. Please try again later.'),
  /** The store (or the temporary disk) has no room: nothing was kept. */
  storageFull: () => new HttpError(507, 'photo_storage_full', 'There is no room to store the photo right now. Please try again later.'),
  malformed: () => new HttpError(400, 'malformed_upload', 'The upload was incomplete or malformed. Please try again.'),
};
