import { eq, inArray } from 'drizzle-orm';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../../contract/publishing.ts';
import type { Database } from '../db/client.ts';
import {
  archiveExports, archiveImports, autobiographies, chapters, coAuthorTokens, familyMembers, familyQuestions, followUpQuestions, people, photos, places, publishedStories, recordings, recordingUploads, sessions, stories, storyComments,
} from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { Actor } from './actor.ts';
import { authorize, type Authorized, NOT_FOUND, type ResourceActions, type ResourceKind, type ResourceRows } from './policies.ts';

/** A database or a transaction: loaders only read. */
export type Reader = Pick<Database, 'select'>;

const tables = {
  story: stories,
  recording: recordings,
  person: people,
  place: places,
  chapter: chapters,
  followUpQuestion: followUpQuestions,
  autobiography: autobiographies,
  publishedStory: publishedStories,
  coAuthorToken: coAuthorTokens,
  session: sessions,
  archiveExport: archiveExports,
  archiveImport: archiveImports,
  recordingUpload: recordingUploads,
  photo: photos,
  familyMember: familyMembers,
  familyQuestion: familyQuestions,
  storyComment: storyComments,
} as const;

/** Kinds whose rows are named by a uuid, not an integer: what their path value must be (path-resource.ts). */
export const UUID_KINDS: ReadonlySet<ResourceKind> = new Set(['archiveExport', 'archiveImport', 'recordingUpload']);

/** A row's id: an integer, or a uuid for UUID_KINDS. */
export type ResourceId = number | string;

/** The row an id names, unchecked: for `loadPathResource`, which authorizes it for whichever actor it is asked as. */
export async function findRow<K extends ResourceKind>(db: Reader, kind: K, id: ResourceId): Promise<ResourceRows[K] | undefined> {
  return (await rowsById(db, kind, [id]))[0];
}

async function rowsById<K extends ResourceKind>(db: Reader, kind: K, ids: ResourceId[]): Promise<ResourceRows[K][]> {
  // Every resource table has an integer `id` (a session: its `number`, its id being its token's
  // hash; an archive export or import, an upload in pieces, a uuid); the union of tables is one shape to drizzle here.
  const table = tables[kind] as typeof stories;
  const id = kind === 'session' ? sessions.number : table.id;
  return (await db.select().from(table).where(ids.length === 1 ? eq(id, ids[0] as number) : inArray(id, ids as number[]))) as unknown as ResourceRows[K][];
}

/** One resource, checked for this action; unknown or not allowed is a 404. */
export async function load<K extends ResourceKind, A extends ResourceActions[K]>(
  db: Reader,
  actor: Actor,
  kind: K,
  id: ResourceId,
  action: A,
): Promise<Authorized<ResourceRows[K], A>> {
  const [row] = await rowsById(db, kind, [id]);
  return authorize(actor, action, kind, row);
}

/** Several resources, each checked; one unknown or not allowed makes the whole a 404. */
export async function loadAll<K extends ResourceKind, A extends ResourceActions[K]>(
  db: Reader,
  actor: Actor,
  kind: K,
  ids: number[],
  action: A,
): Promise<Authorized<ResourceRows[K], A>[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await rowsById(db, kind, wanted);
  if (rows.length !== wanted.length) throw notFound(NOT_FOUND[kind]);
  return rows.map((row) => authorize(actor, action, kind, row));
}

/**
 * The published copy a slug names, checked for this action (reading: the published-read
 * policy). Unknown, unpublished, retired (its row is gone), refused, or a value that cannot
 * be a slug: the same 404, the database not asked for the last.
 */
export async function loadBySlug<A extends ResourceActions['publishedStory']>(
  db: Reader,
  actor: Actor,
  slug: string,
  action: A,
): Promise<Authorized<ResourceRows['publishedStory'], A>> {
  const isSlug = slug.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(slug);
  const [row] = isSlug ? await db.select().from(publishedStories).where(eq(publishedStories.slug, slug)) : [];
  return authorize(actor, action, 'publishedStory', row);
}
