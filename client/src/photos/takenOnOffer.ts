import type { Photo } from '../api/photos.ts';
import { timePeriodPayload, type TemporalFields } from '../time/timePeriod.ts';

/** "Taken on 12 June 1974: use as this story's time?": the photo it comes from and the time it would save. */
export interface TakenOnOffer {
  photoId: number;
  /** YYYY-MM-DD, from the photo's EXIF. */
  takenOn: string;
  fields: TemporalFields;
}

/**
 * The date a story's photos offer as its time, or null. Offered only while the story has no
 * time of its own (none, or "I don't know"): a time the person gave is never contradicted.
 * The first photo in order with a date the time editor would accept (a real day, 1900 to ten
 * years ahead) and that the person has not turned down. Nothing is saved until they press the button.
 */
export function takenOnOffer(
  story: TemporalFields,
  photos: readonly Photo[],
  declined: ReadonlySet<number>,
  today: Date,
): TakenOnOffer | null {
  if (story.temporalType !== null && story.temporalType !== 'unknown') return null;
  for (const photo of photos) {
    if (!photo.takenOn || declined.has(photo.id)) continue;
    const fields = timePeriodPayload({ temporalType: 'specific_date', specificDate: photo.takenOn, month: '', year: '', endYear: '' }, today);
    if (fields) return { photoId: photo.id, takenOn: photo.takenOn, fields };
  }
  return null;
}
