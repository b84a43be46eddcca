import sharp, { type Sharp } from 'sharp';
import { PHOTO_DISPLAY_EDGE, PHOTO_THUMB_EDGE } from '../../contract/photos.ts';
import { photoRefusal } from './photo-errors.ts';

export interface DerivedCopies {
  display: Buffer;
  thumb: Buffer;
}

/** JPEG on white (a transparent PNG has no black behind it), no metadata at all: sharp keeps none unless asked. */
const asJpeg = (image: Sharp, edge: number) =>
  image
    .resize(edge, edge, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82 })
    .toBuffer();

/**
 * The display copy (pages, books, the full-size view) and the thumbnail (lists), made from
 * the decoded first frame with the EXIF orientation applied. The thumbnail is made from the
 * display copy, so the original is decoded once. Neither carries EXIF, XMP, ICC or GPS.
 */
export async function makeDerivedCopies(pixels: Sharp): Promise<DerivedCopies> {
  try {
    const display = await asJpeg(pixels, PHOTO_DISPLAY_EDGE);
    const thumb = await asJpeg(sharp(display), PHOTO_THUMB_EDGE);
    return { display, thumb };
  } catch (error) {
    // The header was fine but the pixels are not (cut off, damaged), or past sharp's own pixel limit.
    throw /pixel limit/i.test((error as Error).message ?? '') ? photoRefusal.dimensionsTooLarge() : photoRefusal.unreadable();
  }
}
