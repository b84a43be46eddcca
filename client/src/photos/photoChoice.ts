import type { Photo } from '../api/photos.ts';

/** Which photo a story's cover or a person's portrait is, as the server decides it. */
export type PhotoRole = 'cover' | 'portrait';

/**
 * The photo shown as the cover or portrait: the chosen one while it is still among the
 * photos; otherwise a story's first photo by position, and for a person none (initials).
 */
export function shownChoice(role: PhotoRole, photos: readonly Photo[], storedId: number | null): number | null {
  if (storedId !== null && photos.some((photo) => photo.id === storedId)) return storedId;
  return role === 'cover' ? (photos[0]?.id ?? null) : null;
}
