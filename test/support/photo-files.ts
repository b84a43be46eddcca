import { readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, createDeflate, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { PHOTO_UPLOAD_FIELDS } from '../../contract/photos.ts';
import { type HttpClient } from './http-client.ts';

/** A HEIC made with heif-enc (not on CI): 320 x 120, the left half red, the right half blue. */
export const HEIC_FIXTURE = path.resolve(import.meta.dirname, '../fixtures/photos/red-left-blue-right.heic');
export const heicPhoto = () => readFileSync(HEIC_FIXTURE);

/** EXIF a phone writes: the day taken, where (GPS), and the camera's serial number. */
export const PHONE_EXIF = {
  IFD0: { Make: 'Saaga Test', Model: 'Phone' },
  IFD2: { DateTimeOriginal: '2019:07:14 12:30:00', BodySerialNumber: 'SERIAL-12345' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 10/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '24/1 56/1 0/1' },
};

/** A width x height picture, the left half red and the right half blue (so a turn shows). */
function halves(width: number, height: number) {
  const left = { input: { create: { width: Math.floor(width / 2), height, channels: 3 as const, background: '#cc2222' } }, left: 0, top: 0 };
  return sharp({ create: { width, height, channels: 3, background: '#2222cc' } }).composite([left]);
}

export const jpegPhoto = async (options: { width?: number; height?: number; exif?: typeof PHONE_EXIF; orientation?: number } = {}) => {
  let image = halves(options.width ?? 320, options.height ?? 240);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  if (options.exif) image = image.withExif(options.exif);
  return image.jpeg({ quality: 80 }).toBuffer();
};
export const pngPhoto = (width = 320, height = 240) => halves(width, height).png().toBuffer();
export const webpPhoto = (width = 320, height = 240) => halves(width, height).webp().toBuffer();

/** An animated WebP of `frames` frames, each 64 x 64: the first red, the others blue. */
export async function animatedWebp(frames = 3): Promise<Buffer> {
  const frame = (colour: string) => sharp({ create: { width: 64, height: 64, channels: 3, background: colour } }).raw().toBuffer();
  const pixels = Buffer.concat([await frame('#cc2222'), ...(await Promise.all(Array.from({ length: frames - 1 }, () => frame('#2222cc'))))]);
  return sharp(pixels, { raw: { width: 64, height: 64 * frames, channels: 3, pageHeight: 64 } })
    .webp({ loop: 0, delay: Array(frames).fill(100) })
    .toBuffer();
}

export const gifPhoto = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#2222cc' } }).gif().toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's header chunk: `width` x `height` grey pixels, 8 bits each. */
function greyHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return pngChunk('IHDR', header);
}

/** A small file whose header claims 100000 x 100000 pixels (10 gigapixels; 10 GB decoded), with one row of data. */
export const liarPng = () =>
  Buffer.concat([PNG_SIGNATURE, greyHeader(100_000, 100_000), pngChunk('IDAT', deflateSync(Buffer.alloc(100_001))), pngChunk('IEND', Buffer.alloc(0))]);

/**
 * A real decompression bomb: 11000 x 11000 grey pixels (121 MP) with every row present, in
 * about 120 KB. Deflated a megabyte at a time, so making it does not take the memory it would.
 */
export async function deflateBombPng(): Promise<Buffer> {
  const side = 11_000;
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const rows = Buffer.alloc(100 * (side + 1));
  for (let row = 0; row < side; row += 100) if (!deflate.write(rows)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  return Buffer.concat([PNG_SIGNATURE, greyHeader(side, side), pngChunk('IDAT', Buffer.concat(chunks)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Sends photos as the browser's FormData does, each under the photo field. */
export async function uploadPhotos(
  client: HttpClient,
  url: string,
  files: { bytes: Buffer; filename?: string; type?: string }[],
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [index, file] of files.entries()) {
    form.append(PHOTO_UPLOAD_FIELDS.file, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.filename ?? `photo-${index}.jpg`);
  }
  return client.request('POST', url, form);
}
