import { describe, expect, it } from 'vitest';
import { PHOTO_CAPTION_MAX, type PhotoView } from '../../../contract/photos.ts';
import { movePhoto } from '../api/photos.ts';
import { NO_TIME, type TemporalFields } from '../time/timePeriod.ts';
import { isCaptionChange } from './captionEdit.ts';
import { shownChoice } from './photoChoice.ts';
import { takenOnOffer } from './takenOnOffer.ts';

const photo = (id: number, position: number, takenOn: string | null = null): PhotoView => ({
  id,
  caption: '',
  position,
  width: 800,
  height: 600,
  takenOn,
  hasLocation: false,
  storyId: 1,
  recordingId: null,
  personId: null,
  placeId: null,
  contributorName: null,
  urls: { thumb: `/api/photos/${id}?size=thumb`, display: `/api/photos/${id}?size=display` },
  createdAt: '2026-11-28T09:00:00.000Z',
});
const today = new Date('2026-11-28T12:00:00Z');
const none = new Set<number>();

describe('takenOnOffer', () => {
  it('offers the first dated photo as a specific day, the same time the editor would save', () => {
    const offer = takenOnOffer(NO_TIME, [photo(1, 0), photo(2, 1, '1974-06-12'), photo(3, 2, '1980-01-01')], none, today);
    expect(offer).toEqual({
      photoId: 2,
      takenOn: '1974-06-12',
      fields: { temporalType: 'specific_date', specificDate: '1974-06-12', month: null, year: 1974, endYear: null },
    });
  });

  it('offers nothing when the story has a time of its own, but does when the person said they do not know', () => {
    const dated = [photo(1, 0, '1974-06-12')];
    const year: TemporalFields = { ...NO_TIME, temporalType: 'year', year: 1975 };
    expect(takenOnOffer(year, dated, none, today)).toBeNull();
    expect(takenOnOffer({ ...NO_TIME, temporalType: 'unknown' }, dated, none, today)?.photoId).toBe(1);
  });

  it('skips a date turned down and one the time editor would refuse (before 1900, not a real day)', () => {
    const photos = [photo(1, 0, '1974-06-12'), photo(2, 1, '1899-12-31'), photo(3, 2, '1975-02-30'), photo(4, 3, '1976-07-01')];
    expect(takenOnOffer(NO_TIME, photos, new Set([1]), today)?.photoId).toBe(4);
    expect(takenOnOffer(NO_TIME, photos, new Set([1, 4]), today)).toBeNull();
    expect(takenOnOffer(NO_TIME, [photo(1, 0)], none, today)).toBeNull();
  });
});

describe('shownChoice', () => {
  const photos = [photo(10, 0), photo(11, 1)];
  it('is the chosen photo while it is there; else a story shows its first photo and a person their initials', () => {
    expect(shownChoice('cover', photos, 11)).toBe(11);
    expect(shownChoice('cover', photos, null)).toBe(10);
    expect(shownChoice('cover', photos, 99)).toBe(10);
    expect(shownChoice('cover', [], null)).toBeNull();
    expect(shownChoice('portrait', photos, 11)).toBe(11);
    expect(shownChoice('portrait', photos, null)).toBeNull();
    expect(shownChoice('portrait', photos, 99)).toBeNull();
  });
});

describe('movePhoto', () => {
  it('moves one photo to its new place and numbers them again from 0, as the server will', () => {
    const photos = [photo(1, 0), photo(2, 1), photo(3, 2)];
    expect(movePhoto(photos, 3, 0).map((p) => [p.id, p.position])).toEqual([[3, 0], [1, 1], [2, 2]]);
    expect(movePhoto(photos, 1, 2).map((p) => [p.id, p.position])).toEqual([[2, 0], [3, 1], [1, 2]]);
    expect(movePhoto(photos, 2, 9).map((p) => p.id)).toEqual([1, 3, 2]);
    expect(movePhoto(photos, 7, 0).map((p) => p.id)).toEqual([1, 2, 3]);
  });
});

describe('isCaptionChange', () => {
  it('saves a changed caption, an emptied one too, but not spaces alone or one over the limit', () => {
    expect(isCaptionChange('At the lake', '')).toBe(true);
    expect(isCaptionChange('', 'At the lake')).toBe(true);
    expect(isCaptionChange('  At the lake ', 'At the lake')).toBe(false);
    expect(isCaptionChange('   ', '')).toBe(false);
    expect(isCaptionChange('x'.repeat(PHOTO_CAPTION_MAX), '')).toBe(true);
    expect(isCaptionChange('x'.repeat(PHOTO_CAPTION_MAX + 1), '')).toBe(false);
  });
});
