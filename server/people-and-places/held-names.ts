import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { KINDS, type RecordKind } from './kinds.ts';

/**
 * The one rule people and places are found by (spec 7.9, 7.10): a record "holds" a name
 * when the two are equal after trimming, case aside, the name being the record's own or a
 * label linked to it. Mentions, the stories that mention a record, unlinked labels and the
 * sources of its information are all derived from these two queries.
 */

/** The kind's tables and columns as SQL identifiers, for the raw queries below and beside. */
export function tables(kind: RecordKind) {
  const k = KINDS[kind];
  return {
    records: sql.identifier(getTableName(k.table)),
    labels: sql.identifier(getTableName(k.labels)),
    labelOwner: sql.identifier(k.labelOwner.name),
    links: sql.identifier(getTableName(k.links)),
    linkOwner: sql.identifier(k.linkOwner.name),
    metadataKey: k.metadataKey,
    detail: sql.identifier(k.detail.name),
  };
}

/** The user's held names: each record's name and linked labels, lowercased and trimmed. */
export function heldNames(kind: RecordKind, userId: string) {
  const t = tables(kind);
  return sql`
    select r.id as record_id, lower(trim(r.name)) as name from ${t.records} r where r.user_id = ${userId}
    union
    select l.${t.labelOwner}, lower(trim(l.label)) from ${t.labels} l join ${t.records} r on r.id = l.${t.labelOwner} where r.user_id = ${userId}`;
}

/** Every name in the metadata list of the user's stories; a list that is not an array counts as empty. */
export function storyNames(kind: RecordKind, userId: string) {
  const key = tables(kind).metadataKey;
  return sql`
    select s.id as story_id, s.created_at, m.name, m.ord
    from stories s
    cross join lateral jsonb_array_elements_text(
      case when jsonb_typeof(s.metadata -> ${key}) = 'array' then s.metadata -> ${key} else '[]'::jsonb end
    ) with ordinality as m(name, ord)
    where s.user_id = ${userId}`;
}

/** Raw SQL rows; the driver result differs between PGlite and node-postgres only outside `rows`. */
export async function rowsOf<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
