import { openBoundedImage } from './bounded-image.ts';
import { type ExifFacts, readExifFacts } from './exif-facts.ts';
import { type ImageType, sniffImageType } from './image-type.ts';
import { type DerivedCopies, makeDerivedCopies } from './photo-copies.ts';
import { inPhotoSlot } from './photo-slots.ts';

export interface ProcessedPhoto extends DerivedCopies, ExifFacts {
  type: ImageType;
  /** As shown: EXIF orientation applied. */
  width: number;
  height: number;
}

/**
 * The checks and the processing every photo passes, whichever way it comes (an upload, a
 * co-author's, an imported archive): type sniffed, dimensions bounded from the header before
 * decoding, HEIC converted, the first frame of an animated image kept, turned by its EXIF
 * orientation, display and thumbnail JPEG copies without metadata, the EXIF date and GPS flag
 * read from the original. Runs in a photo slot (photo-slots.ts). Throws `photoRefusal`s.
 */
export async function processPhoto(file: string): Promise<ProcessedPhoto> {
  const type = await sniffImageType(file);
  return inPhotoSlot(async () => {
    const image = await openBoundedImage(file, type);
    const copies = await makeDerivedCopies(image.pixels);
    return { type, width: image.width, height: image.height, ...copies, ...(await readExifFacts(file)) };
  });
}
