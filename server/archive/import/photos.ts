import path from 'node:path';
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { PHOTO_MAX_BYTES, type PhotoSize, type PhotoType } from '../../../contract/photos.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { photoKey } from '../../photos/photo-keys.ts';
import { processPhoto } from '../../photos/process-photo.ts';
import type { BlobStore } from '../../storage/index.ts';
import type { ArchivePhoto } from '../format.ts';
import type { ArchiveBounds } from './bounds.ts';
import { archiveRefusal } from './refusals.ts';
import type { OpenArchive } from './zip-reader.ts';

/** A photo's original checked as an upload is, and its three copies stored under its new id. */
export interface StoredPhoto {
  id: number;
  originalType: PhotoType;
  width: number;
  height: number;
  takenOn: string | null;
  hasLocation: boolean;
  originalBytes: number;
  storedBytes: number;
}

/** The originals the archive's photos would add to the account, from the central directory. */
export function archivePhotoBytes(archive: OpenArchive, photos: ArchivePhoto[]): number {
  return photos.reduce((sum, photo) => sum + (archive.files.get(photo.originalFile)?.sizeBytes ?? 0), 0);
}

/** An id from the photos table's own sequence: the copies are stored under it before the row is inserted. */
async function reservePhotoId(db: Database): Promise<number> {
  const result = (await db.execute(sql`select nextval(pg_get_serial_sequence('photos', 'id')) as id`)) as unknown as { rows: { id: string | number }[] };
  return Number(result.rows[0].id);
}

/**
 * Takes each photo's original out of the archive one at a time, into `dir`: the bytes must be
 * the ones the row describes (size and SHA-256) and pass every check an upload passes
 * (photos/process-photo.ts: type sniffed, dimensions bounded before decoding, HEIC converted),
 * which also makes its thumbnail and display copy again (the archive's display copy is only for
 * its offline site, never trusted). The three copies are stored under a fresh id; `written`
 * collects every key, so that a failure later removes them all.
 */
export async function storeArchivePhotos(
  archive: OpenArchive,
  photos: ArchivePhoto[],
  options: { db: Database; userId: string; store: BlobStore; dir: string; bounds: ArchiveBounds; written: string[]; onStored(): Promise<void> },
): Promise<Map<number, StoredPhoto>> {
  const stored = new Map<number, StoredPhoto>();
  for (const [i, photo] of photos.entries()) {
    const entry = archive.files.get(photo.originalFile);
    if (!entry) throw archiveRefusal.missingFile(photo.originalFile);
    if (entry.sizeBytes > PHOTO_MAX_BYTES) throw archiveRefusal.photoRefused(photo.originalFile);
    const file = path.join(options.dir, `photo-${i}`);
    try {
      const taken = await archive.extract(entry, file);
      if (taken.sha256 !== photo.sha256 || taken.sizeBytes !== photo.sizeBytes) throw archiveRefusal.photoChanged(photo.originalFile);
      const processed = await processPhoto(file).catch((error: unknown) => {
        // The upload's refusals (not a photo, too large to open, damaged) are the archive's fault; anything else is ours.
        throw error instanceof HttpError && error.statusCode < 500 ? archiveRefusal.photoRefused(photo.originalFile) : error;
      });
      const id = await reservePhotoId(options.db);
      const keyOf = (size: PhotoSize) => photoKey(options.userId, id, size, processed.type.extension);
      options.written.push(keyOf('original'), keyOf('display'), keyOf('thumb'));
      await options.store.putFile(keyOf('original'), file, processed.type.mimeType);
      await options.store.put(keyOf('display'), processed.display, 'image/jpeg');
      await options.store.put(keyOf('thumb'), processed.thumb, 'image/jpeg');
      stored.set(photo.id, {
        id,
        originalType: processed.type.mimeType,
        width: processed.width,
        height: processed.height,
        takenOn: processed.takenOn,
        hasLocation: processed.hasLocation,
        originalBytes: taken.sizeBytes,
        storedBytes: taken.sizeBytes + processed.display.length + processed.thumb.length,
      });
    } finally {
      await rm(file, { force: true });
    }
    await options.onStored();
  }
  return stored;
}
