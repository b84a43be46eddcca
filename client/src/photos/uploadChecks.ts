import { PHOTO_MAX_BYTES, PHOTO_MAX_FILES_PER_UPLOAD, PHOTO_TYPES } from '../../../contract/photos.ts';

/** Why a chosen file is not sent at all: the server's own codes, so the text is the same as when it refuses. */
export type RefusedBeforeSending = 'photo_type_unsupported' | 'photo_too_large' | 'photo_too_many_files';

/** Types a phone may declare for a photo the server takes (iPhones also say image/heif). */
const DECLARED_TYPES = new Set<string>([...PHOTO_TYPES, 'image/heif']);
const EXTENSIONS = /\.(jpe?g|png|webp|heic|heif)$/i;

/**
 * Whether a file chosen in the picker is worth sending: a type the server takes (by the
 * declared type, or the name where the phone declares none, as some do for HEIC) and no
 * larger than the limit. The server sniffs the bytes all the same; this only spares the
 * person a long upload that would be refused.
 */
export function refusalBeforeSending(file: { name: string; type: string; size: number }): RefusedBeforeSending | null {
  const typeKnown = file.type === '' || file.type === 'application/octet-stream' ? EXTENSIONS.test(file.name) : DECLARED_TYPES.has(file.type);
  if (!typeKnown) return 'photo_type_unsupported';
  if (file.size > PHOTO_MAX_BYTES) return 'photo_too_large';
  return null;
}

/** One pick of files: at most the upload limit are sent, the ones after it are refused (and said so). */
export function splitPick<T>(files: readonly T[]): { sent: T[]; beyondLimit: T[] } {
  return { sent: files.slice(0, PHOTO_MAX_FILES_PER_UPLOAD), beyondLimit: files.slice(PHOTO_MAX_FILES_PER_UPLOAD) };
}
