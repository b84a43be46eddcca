import exifr from 'exifr';
import sharp from 'sharp';
import { PHONE_EXIF } from './photo-files.ts';

/**
 * What of a phone's secrets (photo-files.ts PHONE_EXIF: where the photo was taken, the
 * camera's serial) these bytes still carry, read with exifr: a GPS position, the serial (in
 * the EXIF or anywhere in the bytes), any metadata at all. The bytes must be an image sharp
 * can read (else this throws): an error page or an empty body cannot pass for a clean photo.
 */
export async function secretsIn(bytes: Uint8Array): Promise<{ gps: boolean; serial: boolean; exif: boolean }> {
  const buffer = Buffer.from(bytes);
  await sharp(buffer).metadata();
  const serial = PHONE_EXIF.IFD2.BodySerialNumber;
  const all = (await exifr.parse(buffer, { tiff: true, exif: true, gps: true, xmp: true, iptc: true }).catch(() => undefined)) as
    | Record<string, unknown>
    | undefined;
  const gps = await exifr.gps(buffer).catch(() => undefined);
  return {
    gps: gps != null && Number.isFinite(gps.latitude),
    serial: buffer.includes(serial) || Object.values(all ?? {}).includes(serial),
    exif: all !== undefined && Object.keys(all).length > 0,
  };
}
