import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { heldNames, rowsOf, storyNames, tables } from './held-names.ts';
import type { RecordKind } from './kinds.ts';

/** Names in the user's stories that no record holds by name or linked label; one spelling each (the first found), by name. */
export async function unlinkedLabels(db: Database, kind: RecordKind, userId: string): Promise<string[]> {
  const result = await rowsOf<{ label: string }>(db, sql`
    with held as (${heldNames(kind, userId)}),
    found as (${storyNames(kind, userId)})
    select label from (
      select distinct on (lower(trim(f.name))) trim(f.name) as label
      from found f
      where trim(f.name) <> '' and not exists (select 1 from held h where h.name = lower(trim(f.name)))
      order by lower(trim(f.name)), f.created_at, f.story_id, f.ord
    ) labels
    order by lower(label), label`);
  return result.map((row) => row.label);
}

/** The linked labels of each record, by name. */
export async function labelsOf(db: Database, kind: RecordKind, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const t = tables(kind);
  const result = await rowsOf<{ record_id: number; label: string }>(db, sql`
    select ${t.labelOwner} as record_id, label from ${t.labels}
    where ${t.labelOwner} in (${sql.join(ids, sql`, `)})
    order by lower(label), label`);
  for (const row of result) out.get(Number(row.record_id))?.push(row.label);
  return out;
}

/**
 * Ties labels to one record. A label another of the user's records held moves here (its
 * mentions come from the label, so they move with it); one this record already holds,
 * case aside, is not added twice.
 */
export async function linkLabels(db: Database, kind: RecordKind, record: { id: number; userId: string }, labels: string[]): Promise<void> {
  const t = tables(kind);
  // One per name, case aside, in the spelling first given.
  const byName = new Map<string, string>();
  for (const label of labels.map((l) => l.trim())) if (label !== '' && !byName.has(label.toLowerCase())) byName.set(label.toLowerCase(), label);
  const wanted = [...byName.values()];
  if (wanted.length === 0) return;
  const lowered = sql.join(
    wanted.map((l) => sql`${l.toLowerCase()}`),
    sql`, `,
  );
  await db.transaction(async (tx) => {
    // One link at a time per user: two side by side must not leave a label on two records.
    await tx.execute(sql`select id from ${t.records} where user_id = ${record.userId} order by id for update`);
    await tx.execute(sql`
      delete from ${t.labels} l using ${t.records} r
      where r.id = l.${t.labelOwner} and r.user_id = ${record.userId} and r.id <> ${record.id}
        and lower(trim(l.label)) in (${lowered})`);
    for (const label of wanted) {
      await tx.execute(sql`
        insert into ${t.labels} (${t.labelOwner}, label)
        select ${record.id}, ${label}
        where not exists (select 1 from ${t.labels} where ${t.labelOwner} = ${record.id} and lower(trim(label)) = ${label.toLowerCase()})
        on conflict do nothing`);
    }
  });
}
