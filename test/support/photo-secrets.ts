import exifr from 'exifr';
import sharp from 'sharp';

/** What a phone writes into a photo that must never leave its owner: where it was taken, and the camera's serial. */
export const PHOTO_SECRETS = { serial: 'SN-4242-SAAGA', latitude: 60.1699, longitude: 24.9384 } as const;

/**
 * A JPEG as a phone makes it: a GPS position (Helsinki), the camera's serial number, the
 * date taken. Made with sharp's `withExif`, read back with exifr.
 */
export async function photoWithSecrets(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 190, g: 140, b: 60 } } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'Saaga', Model: 'Test Phone' },
      IFD2: { BodySerialNumber: PHOTO_SECRETS.serial, DateTimeOriginal: '1965:07:14 12:00:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 10/1 1164/100', GPSLongitudeRef: 'E', GPSLongitude: '24/1 56/1 1824/100' },
    })
    .toBuffer();
}

/** What of the secrets these bytes still carry: a GPS position, the serial (in the EXIF or anywhere in the bytes), any EXIF at all. */
export async function secretsIn(bytes: Uint8Array): Promise<{ gps: boolean; serial: boolean; exif: boolean }> {
  const buffer = Buffer.from(bytes);
  const all = (await exifr.parse(buffer, { tiff: true, exif: true, gps: true, xmp: true, iptc: true }).catch(() => undefined)) as
    | Record<string, unknown>
    | undefined;
  const gps = await exifr.gps(buffer).catch(() => undefined);
  return {
    gps: gps !== undefined && gps !== null && Number.isFinite(gps.latitude),
    serial: buffer.includes(PHOTO_SECRETS.serial) || Object.values(all ?? {}).includes(PHOTO_SECRETS.serial),
    exif: all !== undefined && Object.keys(all).length > 0,
  };
}
