import { sql } from 'drizzle-orm';
import type { PhotoSize } from '../../contract/photos.ts';
import type { UserRow } from '../auth/sessions.ts';
import type { Database } from '../db/client.ts';
import { photos } from '../db/schema.ts';
import { StorageFullError } from '../storage/blob-store.ts';
import type { BlobStore } from '../storage/index.ts';
import { HOME_COLUMNS, homeColumns, type PhotoHomeTarget } from './photo-home.ts';
import { photoRefusal } from './photo-errors.ts';
import type { PhotoForm } from './photo-form.ts';
import { photoKey } from './photo-keys.ts';
import { type ProcessedPhoto, processPhoto } from './process-photo.ts';

export type PhotoRow = typeof photos.$inferSelect;

/** A relative's photo through a story's co-author link (the same rule as their recordings). */
export interface PhotoContributor {
  name: string;
  tokenId: number;
  /** Hash of the contributing browser's key: only that browser may delete it. */
  keyHash: string;
}

export interface PhotoUploader {
  /** The account the photos belong to and count against (a contribution's: the story owner's). */
  owner: Pick<UserRow, 'id'>;
  contributor?: PhotoContributor;
}

export interface PhotoSaveDependencies {
  db: Database;
  store: BlobStore;
}

/**
 * Keeps an upload's photos for good: each one checked and processed (process-photo.ts), its
 * three copies stored under its id, then every row committed in one transaction, appended to
 * its home in the order sent. All or nothing: one refused file refuses the upload and keeps
 * none (its refusal says why). The form's temporary files are removed whatever happens. The
 * co-author route calls it with a story authorized for its link's holder and a contributor.
 */
export async function savePhotoUpload(
  deps: PhotoSaveDependencies,
  uploader: PhotoUploader,
  form: PhotoForm,
  home: PhotoHomeTarget,
): Promise<PhotoRow[]> {
  const written: string[] = [];
  try {
    // Every file is processed before any is kept; the slots bound how many decode at once.
    const results = await Promise.allSettled(form.photos.map((photo) => processPhoto(photo.file)));
    const refused = results.find((result) => result.status === 'rejected');
    if (refused) throw refused.reason;
    const processed = results.map((result) => (result as PromiseFulfilledResult<ProcessedPhoto>).value);

    const ids = await reservePhotoIds(deps.db, processed.length);
    const stored: { id: number; photo: ProcessedPhoto; originalBytes: number; storedBytes: number }[] = [];
    for (const [index, photo] of processed.entries()) {
      const keyOf = (size: PhotoSize) => photoKey(uploader.owner.id, ids[index], size, photo.type.extension);
      await storing(written, keyOf('original'), () => deps.store.putFile(keyOf('original'), form.photos[index].file, photo.type.mimeType));
      await storing(written, keyOf('display'), () => deps.store.put(keyOf('display'), photo.display, 'image/jpeg'));
      await storing(written, keyOf('thumb'), () => deps.store.put(keyOf('thumb'), photo.thumb, 'image/jpeg'));
      const originalBytes = form.photos[index].sizeBytes;
      stored.push({ id: ids[index], photo, originalBytes, storedBytes: originalBytes + photo.display.length + photo.thumb.length });
    }

    return await deps.db.transaction(async (tx) => {
      let position = await nextPosition(tx, home);
      return tx
        .insert(photos)
        .overridingSystemValue()
        .values(
          stored.map(({ id, photo, originalBytes, storedBytes }) => ({
            id,
            userId: uploader.owner.id,
            ...homeColumns(home),
            position: position++,
            caption: form.caption,
            originalType: photo.type.mimeType,
            width: photo.width,
            height: photo.height,
            originalBytes,
            storedBytes,
            takenOn: photo.takenOn,
            hasLocation: photo.hasLocation,
            contributorName: uploader.contributor?.name,
            contributorKeyHash: uploader.contributor?.keyHash,
            coAuthorTokenId: uploader.contributor?.tokenId,
          })),
        )
        .returning();
    });
  } catch (error) {
    // Should this fail too, the orphan sweep removes the blobs later.
    await Promise.all(written.map((key) => deps.store.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    await form.discard();
  }
}

async function storing(written: string[], key: string, put: () => Promise<void>): Promise<void> {
  written.push(key);
  await put().catch((error: unknown) => {
    throw error instanceof StorageFullError ? photoRefusal.storageFull() : error;
  });
}

/**
 * Ids for the rows to come, taken from the table's own sequence: the copies are stored under
 * the photo's id before its row is committed (a row never names a blob that is not there yet).
 */
async function reservePhotoIds(db: Database, count: number): Promise<number[]> {
  const result = (await db.execute(sql`select nextval(pg_get_serial_sequence('photos', 'id')) as id from generate_series(1, ${count})`)) as unknown as {
    rows: { id: string | number }[];
  };
  return result.rows.map((row) => Number(row.id));
}

/** The position after the home's last photo (0 for a loose photo). */
async function nextPosition(tx: Pick<Database, 'select'>, home: PhotoHomeTarget): Promise<number> {
  if (home.kind === 'none') return 0;
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${photos.position}) + 1, 0)`.mapWith(Number) })
    .from(photos)
    .where(sql`${HOME_COLUMNS[home.kind]} = ${home.row.id}`);
  return row?.next ?? 0;
}
