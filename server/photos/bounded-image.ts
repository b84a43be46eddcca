import sharp, { type Sharp } from 'sharp';
import { PHOTO_MAX_EDGE, PHOTO_MAX_PIXELS } from '../../contract/photos.ts';
import { decodeHeic } from './heic-decoder.ts';
import type { ImageType } from './image-type.ts';
import { photoRefusal } from './photo-errors.ts';

/** An image whose size was read from its header and found within bounds, ready to decode. */
export interface BoundedImage {
  /** Decodes the first frame, EXIF orientation applied; sharp's own pixel limit stays on as a second guard. */
  pixels: Sharp;
  /** As shown: EXIF orientation applied. */
  width: number;
  height: number;
}

/** Sharp's options for every decode: one frame, turned as the camera meant it, never past the pixel bound. */
const DECODE = { limitInputPixels: PHOTO_MAX_PIXELS, pages: 1, autoOrient: true, failOn: 'error' } as const;

function refuseOutOfBounds(width: number | undefined, height: number | undefined): void {
  if (!width || !height) throw photoRefusal.unreadable();
  if (width > PHOTO_MAX_EDGE || height > PHOTO_MAX_EDGE || width * height > PHOTO_MAX_PIXELS) throw photoRefusal.dimensionsTooLarge();
}

/**
 * Reads the image's dimensions from its header and refuses it past PHOTO_MAX_EDGE or
 * PHOTO_MAX_PIXELS before a single pixel is decoded (a decompression bomb ends here with
 * memory flat). HEIC, which this sharp's libvips cannot decode, goes through heic-decode in a
 * worker thread (heic-decoder.ts): its `all()` reads the sizes, and only a photo within bounds is decoded.
 */
export async function openBoundedImage(file: string, type: ImageType): Promise<BoundedImage> {
  return type.mimeType === 'image/heic' ? openHeic(file) : openWithSharp(file);
}

async function openWithSharp(file: string): Promise<BoundedImage> {
  // `metadata()` reads the header only; the pixel limit is off so that a bomb gets our refusal, not sharp's.
  const meta = await sharp(file, { limitInputPixels: false, pages: 1 })
    .metadata()
    .catch(() => {
      throw photoRefusal.unreadable();
    });
  // A multi-frame image's height is one frame's (pages: 1); its page height when sharp gives one.
  refuseOutOfBounds(meta.width, meta.pageHeight ?? meta.height);
  return { pixels: sharp(file, DECODE), width: meta.autoOrient.width, height: meta.autoOrient.height };
}

async function openHeic(file: string): Promise<BoundedImage> {
  const { width, height, rgba } = await decodeHeic(file);
  const pixels = sharp(rgba, { raw: { width, height, channels: 4 }, limitInputPixels: PHOTO_MAX_PIXELS });
  return { pixels, width, height };
}
