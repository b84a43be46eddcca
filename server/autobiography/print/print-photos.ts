import { PHOTO_MAX_EDGE } from '../../../contract/photos.ts';
import type { photos } from '../../db/schema.ts';
import { openBoundedImage } from '../../photos/bounded-image.ts';
import { photoCopyKey } from '../../photos/photo-copies-store.ts';
import { inPhotoSlot } from '../../photos/photo-slots.ts';
import { sniffImageType } from '../../photos/image-type.ts';
import { withBlobAsFile } from '../../storage/blob-file.ts';
import type { BlobStore } from '../../storage/index.ts';

type PhotoRow = typeof photos.$inferSelect;

/**
 * A photo for the printed page (issue 30): from the original, which has the pixels a page at
 * 300 dpi wants (the display copy stops at 2048), decoded within the upload's bounds, turned as
 * the camera meant, scaled down to `pixels` (never up) and written as a new JPEG. sharp writes
 * no metadata: no GPS, no camera serial reaches the print file. One photo at a time, in a photo
 * slot like uploads, so a book of hundreds never holds more than one decoded.
 */
export async function printPhoto(store: BlobStore, photo: PhotoRow, pixels: { width: number; height: number }): Promise<Buffer> {
  const width = Math.min(pixels.width, PHOTO_MAX_EDGE);
  const height = Math.min(pixels.height, PHOTO_MAX_EDGE);
  return withBlobAsFile(store, photoCopyKey(photo, 'original'), async (file) => {
    const image = await openBoundedImage(file, await sniffImageType(file));
    return inPhotoSlot(() => image.pixels.resize(width, height, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 90 }).toBuffer());
  });
}
