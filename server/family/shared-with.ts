import { sql } from 'drizzle-orm';
import type { SharedWithReader } from '../access/actor.ts';
import type { Database } from '../db/client.ts';

/**
 * What one member of a circle may read now: the one rule of what reaches a reader. A story
 * is shared when it reached the circle (finished, or shared by the owner who reviews first),
 * is not "only me", and is in the member's scope (the whole archive, or one of the member's
 * chapters). With it: the chapters holding those stories, and the people and places their
 * recordings name. Read afresh on every request, so a change of scope holds at once.
 */
export async function sharedWithMember(db: Database, member: { id: number; userId: string; scopeAll: boolean }): Promise<SharedWithReader> {
  const { rows } = (await db.execute(sql`
    with shared as (
      select s.id, s.chapter_id from stories s
      where s.user_id = ${member.userId} and not s.only_me and s.shared_with_family_at is not null
        and (${member.scopeAll} or s.chapter_id in (select chapter_id from family_member_chapters where member_id = ${member.id}))
    ), shared_recordings as (
      select r.id from recordings r where r.story_id in (select id from shared)
    )
    select
      coalesce((select array_agg(id) from shared), '{}') as story_ids,
      coalesce((select array_agg(distinct chapter_id) from shared where chapter_id is not null), '{}') as chapter_ids,
      coalesce((select array_agg(distinct person_id) from recording_people where recording_id in (select id from shared_recordings)), '{}') as person_ids,
      coalesce((select array_agg(distinct place_id) from recording_places where recording_id in (select id from shared_recordings)), '{}') as place_ids
  `)) as unknown as { rows: { story_ids: number[]; chapter_ids: number[]; person_ids: number[]; place_ids: number[] }[] };
  const [row] = rows;
  return {
    storyIds: new Set(row.story_ids),
    chapterIds: new Set(row.chapter_ids),
    personIds: new Set(row.person_ids),
    placeIds: new Set(row.place_ids),
  };
}
