import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { RecordingSummaryDto, StorySummaryDto } from '../../contract/library.ts';
import type { PageQuery } from '../../contract/pagination.ts';
import type { Database } from '../db/client.ts';
import { recordings, stories } from '../db/schema.ts';
import { createdKeySchema, decodeCursor, exactTime, type Page, pageOf } from '../http/pagination.ts';
import { linksOf } from '../recordings/links.ts';
import { presentRecordingSummary } from '../recordings/presenter.ts';
import { presentStorySummary, storySummaryColumns } from '../stories/presenter.ts';

/**
 * What people and places share (spec 7.9, 7.10): their names and linked labels, the
 * mentions derived from them, the unlinked labels and the linked recordings. One rule for
 * both; only the table names and the metadata list differ.
 *
 * A name "holds" a label when the two are equal after trimming, case aside. Mentions are
 * never counted by hand: a mention is a story whose metadata names the record (by its name
 * or a linked label) or a recording linked to it, each counted once.
 */
export type RecordKind = 'person' | 'place';

const TABLES = {
  person: { records: 'people', labels: 'person_labels', owner: 'person_id', links: 'recording_people', metadataKey: 'people', detail: 'relationship' },
  place: { records: 'places', labels: 'place_labels', owner: 'place_id', links: 'recording_places', metadataKey: 'locations', detail: 'type' },
} as const;

function tables(kind: RecordKind) {
  const t = TABLES[kind];
  return {
    records: sql.identifier(t.records),
    labels: sql.identifier(t.labels),
    owner: sql.identifier(t.owner),
    links: sql.identifier(t.links),
    metadataKey: t.metadataKey,
    detail: sql.identifier(t.detail),
  };
}

/** The user's held names: each record's name and linked labels, lowercased and trimmed. */
function heldNames(kind: RecordKind, userId: string) {
  const t = tables(kind);
  return sql`
    select r.id as record_id, lower(trim(r.name)) as name from ${t.records} r where r.user_id = ${userId}
    union
    select l.${t.owner}, lower(trim(l.label)) from ${t.labels} l join ${t.records} r on r.id = l.${t.owner} where r.user_id = ${userId}`;
}

/** Every name in the metadata list of the user's stories; a list that is not an array counts as empty. */
function storyNames(kind: RecordKind, userId: string) {
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
async function rowsOf<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export interface Mentions {
  mentionCount: number;
  lastMentioned: string | null;
}

const NO_MENTIONS: Mentions = { mentionCount: 0, lastMentioned: null };

/** Mention count and newest mention of each of the user's records (or only of `ids`). */
export async function mentionsOf(db: Database, kind: RecordKind, userId: string, ids?: number[]): Promise<Map<number, Mentions>> {
  const t = tables(kind);
  const only = ids ? sql`where m.record_id in (${sql.join(ids.length ? ids : [0], sql`, `)})` : sql``;
  const result = await rowsOf<{ record_id: number; mention_count: number; last_mentioned: string | Date | null }>(db, sql`
    with held as (${heldNames(kind, userId)}),
    found as (${storyNames(kind, userId)}),
    mentions as (
      select h.record_id, 'story' as what, f.story_id as id, f.created_at
      from found f join held h on h.name = lower(trim(f.name))
      union
      select l.${t.owner}, 'recording', rec.id, rec.created_at
      from ${t.links} l join recordings rec on rec.id = l.recording_id
      where rec.user_id = ${userId}
    )
    select m.record_id, count(*)::int as mention_count, max(m.created_at) as last_mentioned
    from mentions m ${only}
    group by m.record_id`);
  return new Map(
    result.map((row) => [
      Number(row.record_id),
      {
        mentionCount: Number(row.mention_count),
        lastMentioned: row.last_mentioned ? new Date(row.last_mentioned).toISOString() : null,
      },
    ]),
  );
}

export function mentionsFor(map: Map<number, Mentions>, id: number): Mentions {
  return map.get(id) ?? NO_MENTIONS;
}

/** The ids of the user's stories whose metadata names this record, by its name or a linked label: the rule mentions count by. */
export async function storiesNaming(db: Database, kind: RecordKind, record: { id: number; userId: string }): Promise<number[]> {
  const result = await rowsOf<{ story_id: number }>(db, sql`
    with held as (${heldNames(kind, record.userId)}),
    found as (${storyNames(kind, record.userId)})
    select distinct f.story_id
    from found f join held h on h.name = lower(trim(f.name))
    where h.record_id = ${record.id}`);
  return result.map((row) => Number(row.story_id));
}

/**
 * The ids of the stories that mention a record, by the rule mentions count by: its metadata
 * names the record (by name or linked label), or one of its recordings is linked to the record.
 */
function storiesMentioningIds(kind: RecordKind, record: { id: number; userId: string }) {
  const t = tables(kind);
  return sql`
    with held as (${heldNames(kind, record.userId)}),
    found as (${storyNames(kind, record.userId)})
    select f.story_id from found f join held h on h.name = lower(trim(f.name)) where h.record_id = ${record.id}
    union
    select rec.story_id from ${t.links} l join recordings rec on rec.id = l.recording_id
    where l.${t.owner} = ${record.id} and rec.user_id = ${record.userId} and rec.story_id is not null`;
}

// Spelt out, as in the library's list: a bare "id" inside would be the recording's.
const recordingCount = sql<number>`(select count(*)::int from "recordings" r where r."story_id" = "stories"."id")`;

/** One page of the stories that mention a record, newest first, as the library's cards (decision 023's keyset pages). */
export async function storiesMentioning(
  db: Database,
  kind: RecordKind,
  record: { id: number; userId: string },
  query: PageQuery,
): Promise<Page<StorySummaryDto>> {
  const after = decodeCursor(query.cursor, createdKeySchema);
  const rows = await db
    .select({ ...storySummaryColumns, recordingCount, cursorTime: exactTime(stories.createdAt) })
    .from(stories)
    .where(
      and(
        eq(stories.userId, record.userId),
        sql`${stories.id} in (${storiesMentioningIds(kind, record)})`,
        after ? sql`(${stories.createdAt}, ${stories.id}) < (${after[0]}::timestamptz, ${after[1]})` : undefined,
      ),
    )
    .orderBy(desc(stories.createdAt), desc(stories.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (row) => [row.cursorTime, row.id]);
  return { ...page, items: page.items.map(({ cursorTime: _, recordingCount: count, ...row }) => presentStorySummary(row, Number(count))) };
}

/**
 * The user's records no story names yet (by name or linked label), those with the most
 * recordings first, then by name: the people and places the interviewer asks about.
 */
export async function recordsWithoutStories(
  db: Database,
  kind: RecordKind,
  userId: string,
  limit: number,
): Promise<{ id: number; name: string; detail: string | null }[]> {
  const t = tables(kind);
  const result = await rowsOf<{ id: number; name: string; detail: string | null }>(db, sql`
    with held as (${heldNames(kind, userId)}),
    found as (${storyNames(kind, userId)})
    select r.id, r.name, r.${t.detail} as detail
    from ${t.records} r
    where r.user_id = ${userId}
      and not exists (select 1 from held h join found f on h.name = lower(trim(f.name)) where h.record_id = r.id)
    order by (select count(*) from ${t.links} l where l.${t.owner} = r.id) desc, lower(r.name), r.id
    limit ${limit}`);
  return result.map((row) => ({ id: Number(row.id), name: row.name, detail: row.detail }));
}

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
    select ${t.owner} as record_id, label from ${t.labels}
    where ${t.owner} in (${sql.join(ids, sql`, `)})
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
      where r.id = l.${t.owner} and r.user_id = ${record.userId} and r.id <> ${record.id}
        and lower(trim(l.label)) in (${lowered})`);
    for (const label of wanted) {
      await tx.execute(sql`
        insert into ${t.labels} (${t.owner}, label)
        select ${record.id}, ${label}
        where not exists (select 1 from ${t.labels} where ${t.owner} = ${record.id} and lower(trim(label)) = ${label.toLowerCase()})
        on conflict do nothing`);
    }
  });
}

/** The recordings linked to a record, newest first, as list cards (like GET /api/recordings). */
export async function recordingsOf(db: Database, kind: RecordKind, recordId: number): Promise<RecordingSummaryDto[]> {
  const t = tables(kind);
  const linked = await rowsOf<{ recording_id: number }>(db, sql`select recording_id from ${t.links} where ${t.owner} = ${recordId}`);
  const ids = linked.map((row) => Number(row.recording_id));
  if (ids.length === 0) return [];
  const rows = await db.select().from(recordings).where(inArray(recordings.id, ids)).orderBy(desc(recordings.createdAt), desc(recordings.id));
  const links = await linksOf(db, rows);
  return rows.map((row) => presentRecordingSummary(row, links.get(row.id)!));
}
