import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PhotoPatch } from '../../contract/photos.ts';
import type { Authorized } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { photos } from '../db/schema.ts';
import type { BlobStore } from '../storage/index.ts';
import { deletePhotoBlobs } from './photo-copies-store.ts';
import { sameHomeAs } from './photo-home.ts';
import type { PhotoRow } from './save-photos.ts';

/**
 * A new caption, and a new place among its home's photos: the photo is moved to `position`
 * (past the end: last) and the home's photos numbered 0, 1, 2… again in one transaction.
 */
export async function changePhoto(db: Database, photo: Authorized<PhotoRow, 'update'>, patch: PhotoPatch): Promise<PhotoRow> {
  return db.transaction(async (tx) => {
    if (patch.caption !== undefined) {
      await tx.update(photos).set({ caption: patch.caption, updatedAt: new Date() }).where(eq(photos.id, photo.id));
    }
    const home = sameHomeAs(photo);
    if (patch.position !== undefined && home) {
      const others = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(home, ne(photos.id, photo.id)))
        .orderBy(asc(photos.position), asc(photos.id))
        .for('update');
      const order = others.map((row) => row.id);
      order.splice(Math.min(patch.position, order.length), 0, photo.id);
      // One statement renumbers them all: position = the id's place in the new order.
      await tx
        .update(photos)
        .set({ position: sql`array_position(ARRAY[${sql.join(order.map((id) => sql`${id}`), sql`, `)}]::int[], ${photos.id}) - 1` })
        .where(home);
    }
    const [row] = await tx.select().from(photos).where(eq(photos.id, photo.id));
    return row;
  });
}

/** Deletes the photo's row, then every stored copy of it (should that fail, the orphan sweep removes them). */
export async function deletePhoto(db: Database, store: BlobStore, photo: Authorized<PhotoRow, 'delete'>): Promise<void> {
  await db.delete(photos).where(eq(photos.id, photo.id));
  await deletePhotoBlobs(store, [photo]).catch(() => undefined);
}
