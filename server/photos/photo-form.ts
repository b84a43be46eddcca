import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { PHOTO_CAPTION_MAX, PHOTO_MAX_BYTES, PHOTO_MAX_FILES_PER_UPLOAD, PHOTO_UPLOAD_FIELDS } from '../../contract/photos.ts';
import { fieldError, type HttpError } from '../http/errors.ts';
import { multipartRefusalOf, spoolFilePart } from '../http/multipart-files.ts';
import { refuseUnstorableText } from '../http/storable-text.ts';
import { makeTempFolder } from '../storage/temp-folders.ts';
import { photoRefusal } from './photo-errors.ts';

/** One uploaded image, spooled to a temporary file as it arrived. */
export interface SpooledPhoto {
  file: string;
  sizeBytes: number;
}

export interface PhotoForm {
  photos: SpooledPhoto[];
  caption: string;
  /** Every text field as sent (a co-author route reads its contributor's name from here). */
  fields: Readonly<Record<string, string>>;
  /** Removes the temporary files; `savePhotoUpload` does so whatever happens. */
  discard(): Promise<void>;
}

export interface PhotoFormOptions {
  /** Bytes left for photos: the files together may not pass it (else `roomRefusal`). */
  roomBytes: number;
  /** Whose room it is: the account's (the default) or a co-author link's. */
  roomRefusal?: () => HttpError;
  /** Checks fields a route needs beyond the caption (a contributor's name), before the first file is taken. */
  checkFields?: (fields: Readonly<Record<string, string>>) => void;
}

/**
 * Reads a photo upload: up to PHOTO_MAX_FILES_PER_UPLOAD `photo` files, each streamed to a
 * temporary file within PHOTO_MAX_BYTES and all of them within the account's room, and the
 * caption. Nothing is decoded here (photo-checks.ts does that); on any refusal the files are gone.
 */
export async function readPhotoForm(request: FastifyRequest, options: PhotoFormOptions): Promise<PhotoForm> {
  if (!request.isMultipart()) throw fieldError(PHOTO_UPLOAD_FIELDS.file, 'expected a multipart upload');
  const { dir, remove: discard } = await makeTempFolder('upload').catch((error: unknown) => {
    throw refusalOf(error);
  });
  try {
    const fields: Record<string, string> = {};
    const photos: SpooledPhoto[] = [];
    let received = 0;
    const parts = request.parts({ limits: { fileSize: PHOTO_MAX_BYTES, files: PHOTO_MAX_FILES_PER_UPLOAD, fields: 10, fieldSize: 10_000 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        try {
          if (part.fieldname !== PHOTO_UPLOAD_FIELDS.file) throw fieldError(part.fieldname, 'unexpected file');
          if (photos.length === 0) options.checkFields?.(fields);
        } catch (error) {
          part.file.resume();
          throw error;
        }
        const file = path.join(dir, `photo-${photos.length}`);
        const sizeBytes = await spoolFilePart(part, file, photoRefusal.tooLarge);
        received += sizeBytes;
        if (received > options.roomBytes) throw (options.roomRefusal ?? photoRefusal.quotaExceeded)();
        photos.push({ file, sizeBytes });
      } else if (typeof part.value === 'string') {
        refuseUnstorableText(part.value, part.fieldname);
        fields[part.fieldname] = part.value;
      }
    }
    if (photos.length === 0) throw fieldError(PHOTO_UPLOAD_FIELDS.file, 'Required');
    options.checkFields?.(fields);
    const caption = (fields[PHOTO_UPLOAD_FIELDS.caption] ?? '').trim();
    if (caption.length > PHOTO_CAPTION_MAX) throw fieldError(PHOTO_UPLOAD_FIELDS.caption, `at most ${PHOTO_CAPTION_MAX} characters`);
    return { photos, caption, fields, discard };
  } catch (error) {
    await discard();
    throw refusalOf(error);
  }
}

function refusalOf(error: unknown): unknown {
  return multipartRefusalOf(error, {
    overLimit: photoRefusal.tooLarge,
    tooManyFiles: photoRefusal.tooManyFiles,
    storageFull: photoRefusal.storageFull,
    malformed: photoRefusal.malformed,
  });
}
