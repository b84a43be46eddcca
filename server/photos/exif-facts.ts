import exifr from 'exifr';

export interface ExifFacts {
  /** DateTimeOriginal's day (YYYY-MM-DD) as the camera wrote it, or null. */
  takenOn: string | null;
  /** The original carries a GPS position. */
  hasLocation: boolean;
}

const NONE: ExifFacts = { takenOn: null, hasLocation: false };

/**
 * What the original's EXIF tells the owner: the day it was taken (offered as the story's
 * time period, never applied) and whether it has a GPS position (it stays in the original,
 * which only the owner is served). A photo without EXIF, or with EXIF exifr cannot read, has neither.
 */
export async function readExifFacts(file: string): Promise<ExifFacts> {
  const tags = (await exifr
    .parse(file, { tiff: true, exif: true, gps: true, ifd1: false, interop: false, xmp: false, icc: false, iptc: false, reviveValues: false, translateValues: false })
    .catch(() => undefined)) as Record<string, unknown> | undefined;
  if (!tags) return NONE;
  return {
    takenOn: dayOf(tags.DateTimeOriginal) ?? dayOf(tags.CreateDate) ?? null,
    hasLocation: tags.GPSLatitude != null && tags.GPSLongitude != null,
  };
}

/** "2019:07:14 12:30:00" as the camera wrote it, without time zones: its day, when it is one. */
function dayOf(value: unknown): string | null {
  const match = typeof value === 'string' ? /^(\d{4})[:-](\d{2})[:-](\d{2})/.exec(value) : null;
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const valid = date.getUTCFullYear() === Number(year) && date.getUTCMonth() === Number(month) - 1 && Number(year) >= 1826;
  return valid && date.getTime() <= Date.now() + 24 * 3600_000 ? `${year}-${month}-${day}` : null;
}
