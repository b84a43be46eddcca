import { type PhotoView, photoUrl } from '../../contract/photos.ts';
import type { PhotoRow } from './save-photos.ts';

/**
 * A photo as the owner's screens show it (contract/photos.ts). Only the owner's answers
 * carry the original's url (`withOriginal`); every other surface builds its own from the
 * derived copies.
 */
export function presentPhoto(row: PhotoRow, { withOriginal = true } = {}): PhotoView {
  return {
    id: row.id,
    caption: row.caption,
    position: row.position,
    width: row.width,
    height: row.height,
    takenOn: row.takenOn,
    hasLocation: row.hasLocation,
    storyId: row.storyId,
    recordingId: row.recordingId,
    personId: row.personId,
    placeId: row.placeId,
    contributorName: row.contributorName,
    urls: {
      thumb: photoUrl(row.id, 'thumb'),
      display: photoUrl(row.id, 'display'),
      ...(withOriginal ? { original: photoUrl(row.id, 'original') } : {}),
    },
    createdAt: row.createdAt.toISOString(),
  };
}
