import { eq } from 'drizzle-orm';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { KINDS, type RecordKind } from './kinds.ts';
import { photosGoingWith } from '../photos/home-deletion.ts';
import { deletePhotoBlobs } from '../photos/photo-copies-store.ts';
import type { BlobStore } from '../storage/index.ts';

type RecordRow = ResourceRows[RecordKind];

/** The kind's own fields (a person's relationship, a place's type...); a name or language left out keeps its value. */
export type RecordFields = { name?: string; language?: string } & Record<string, string | number | null | undefined>;

/** A new person or place of the signed-in user; its id. */
export async function createRecord(db: Database, kind: RecordKind, userId: string, fields: RecordFields & { name: string }): Promise<number> {
  const { table } = KINDS[kind];
  const own = Object.fromEntries(KINDS[kind].fields.map((field) => [field, fields[field] ?? null]));
  const [row] = await db
    .insert(table)
    .values({ userId, name: fields.name, ...own, language: fields.language ?? 'en' })
    .returning({ id: table.id });
  return row.id;
}

/** A field left out keeps its value. */
export async function updateRecord(db: Database, kind: RecordKind, record: Authorized<RecordRow, 'update'>, fields: RecordFields): Promise<void> {
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return;
  const { table } = KINDS[kind];
  await db.update(table).set(changes).where(eq(table.id, record.id));
}

/** Its links, labels and photos go with it (cascade; the photos' copies are removed after); recordings and stories stay. */
export async function deleteRecord(db: Database, store: BlobStore, kind: RecordKind, record: Authorized<RecordRow, 'delete'>): Promise<void> {
  const { table } = KINDS[kind];
  const photoRows = await db.transaction(async (tx) => {
    const going = await photosGoingWith(tx, kind === 'person' ? { personIds: [record.id] } : { placeIds: [record.id] });
    await tx.delete(table).where(eq(table.id, record.id));
    return going;
  });
  await deletePhotoBlobs(store, photoRows);
}
