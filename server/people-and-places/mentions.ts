import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { heldNames, rowsOf, storyNames, tables } from './held-names.ts';
import type { RecordKind } from './kinds.ts';

/**
 * Mentions of a person or place, never counted by hand: a mention is a story whose metadata
 * names the record (by its name or a linked label, `held-names.ts`) or a recording linked
 * to it, each counted once.
 */
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
      select l.${t.linkOwner}, 'recording', rec.id, rec.created_at
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
    order by (select count(*) from ${t.links} l where l.${t.linkOwner} = r.id) desc, lower(r.name), r.id
    limit ${limit}`);
  return result.map((row) => ({ id: Number(row.id), name: row.name, detail: row.detail }));
}
