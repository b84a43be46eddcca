import { fileTypeFromFile } from 'file-type';
import type { PhotoType } from '../../contract/photos.ts';
import { photoRefusal } from './photo-errors.ts';

export interface ImageType {
  mimeType: PhotoType;
  /** The original's extension in the store (photo-keys.ts). */
  extension: string;
}

/** The types we take, by what file-type reads in the first bytes; the HEIF names iPhones write are HEIC to us. */
const TAKEN: Record<string, ImageType> = {
  'image/jpeg': { mimeType: 'image/jpeg', extension: 'jpg' },
  'image/png': { mimeType: 'image/png', extension: 'png' },
  // An animated PNG is a PNG: its first frame is kept (photo-copies.ts).
  'image/apng': { mimeType: 'image/png', extension: 'png' },
  'image/webp': { mimeType: 'image/webp', extension: 'webp' },
  'image/heic': { mimeType: 'image/heic', extension: 'heic' },
  'image/heif': { mimeType: 'image/heic', extension: 'heic' },
};

/** The extension the original of each type is stored under. */
export const originalExtension = (mimeType: string) => Object.values(TAKEN).find((type) => type.mimeType === mimeType)?.extension ?? 'bin';

/**
 * The photo's type, sniffed from its bytes (the declared type and the name are never
 * trusted); anything else, a GIF or an image sequence included, is refused with how to send it.
 */
export async function sniffImageType(file: string): Promise<ImageType> {
  const detected = await fileTypeFromFile(file);
  const type = detected && TAKEN[detected.mime];
  if (!type) throw photoRefusal.typeUnsupported();
  return type;
}
