import { eq, type SQL } from 'drizzle-orm';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import { photos } from '../db/schema.ts';

/**
 * Where a photo goes, authorized by its route before the upload is read: a story (its owner,
 * or a co-author link's holder adding to it), a recording, a person, a place, or nowhere yet
 * (a loose photo, for "Tell me about this picture").
 */
export type PhotoHomeTarget =
  | { kind: 'story'; row: Authorized<ResourceRows['story'], 'update' | 'addRecording'> }
  | { kind: 'recording'; row: Authorized<ResourceRows['recording'], 'update'> }
  | { kind: 'person'; row: Authorized<ResourceRows['person'], 'update'> }
  | { kind: 'place'; row: Authorized<ResourceRows['place'], 'update'> }
  | { kind: 'none' };

/** The column of `photos` that names each kind of home. */
export const HOME_COLUMNS = {
  story: photos.storyId,
  recording: photos.recordingId,
  person: photos.personId,
  place: photos.placeId,
} as const;
export type HomeKind = keyof typeof HOME_COLUMNS;

/** The photo row's home columns for a target. */
export function homeColumns(target: PhotoHomeTarget) {
  return {
    storyId: target.kind === 'story' ? target.row.id : null,
    recordingId: target.kind === 'recording' ? target.row.id : null,
    personId: target.kind === 'person' ? target.row.id : null,
    placeId: target.kind === 'place' ? target.row.id : null,
  };
}

/** The photos sharing a row's home, as a condition; null for a loose photo, which shares none. */
export function sameHomeAs(row: typeof photos.$inferSelect): SQL | null {
  if (row.storyId !== null) return eq(photos.storyId, row.storyId);
  if (row.recordingId !== null) return eq(photos.recordingId, row.recordingId);
  if (row.personId !== null) return eq(photos.personId, row.personId);
  if (row.placeId !== null) return eq(photos.placeId, row.placeId);
  return null;
}
