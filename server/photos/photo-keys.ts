import type { PhotoSize } from '../../contract/photos.ts';

/**
 * Where a photo's copies are stored: one folder per photo under its owner's folder, so the
 * orphan sweep and account deletion find every size by the photo's id.
 */
export function photoKey(userId: string, photoId: number, size: PhotoSize, originalExtension = 'bin'): string {
  const name = size === 'original' ? `original.${originalExtension}` : `${size}.jpg`;
  return `users/${userId}/photos/${photoId}/${name}`;
}

/** The photo id a stored key belongs to, or null for keys that are not a photo's copy. */
export function photoIdOfKey(key: string): number | null {
  const match = /^users\/[^/]+\/photos\/(\d+)\/[^/]+$/.exec(key);
  return match ? Number(match[1]) : null;
}
