import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import { signatureName } from '../../contract/author-name.ts';
import { type publishBodySchema, SLUG_RESERVATION_DAYS } from '../../contract/publishing.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { isPgError } from '../db/pg-error.ts';
import { publishedStories, retiredSlugs, stories, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { Queue } from '../jobs/queue.ts';
import { sendJob, type Transaction } from '../jobs/send-job.ts';
import type { BlobStore } from '../storage/index.ts';
import { narrateStoryJob } from './narrate-story-job.ts';
import { snapshotPhotos } from './published-photos.ts';
import { snapshotVoice } from './published-voice.ts';
import type { PublishedStoryRow } from './presenter.ts';
import { slugCandidates, slugFromTitle } from './slug.ts';

export type PublishRequest = z.output<typeof publishBodySchema>;
type StoryRow = ResourceRows['story'];

const slugTaken = () => new HttpError(409, 'slug_taken', 'This link is already used by another story');
const stillWriting = () => new HttpError(409, 'busy', 'This story is still being written. Publish it when it is ready.');

/** How many made slugs one query checks; a title shared by more stories is checked again from there. */
const SLUG_BATCH = 20;
/** Two publishes racing for one made slug: the loser picks again, this many times. */
const SLUG_RACES = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Which of these slugs this story may not have: held by another story, or given up by
 * another account less than SLUG_RESERVATION_DAYS ago (an old link must not show a
 * stranger's story; the account that gave it up may take it back).
 */
async function takenSlugs(tx: Transaction, story: StoryRow, candidates: string[]): Promise<Set<string>> {
  const reservedSince = new Date(Date.now() - SLUG_RESERVATION_DAYS * DAY_MS);
  const held = await tx
    .select({ slug: publishedStories.slug })
    .from(publishedStories)
    .where(and(inArray(publishedStories.slug, candidates), ne(publishedStories.storyId, story.id)));
  const reserved = await tx
    .select({ slug: retiredSlugs.slug })
    .from(retiredSlugs)
    .where(
      and(
        inArray(retiredSlugs.slug, candidates),
        // A deleted account's slugs are held for no one (user_id null), not free.
        or(isNull(retiredSlugs.userId), ne(retiredSlugs.userId, story.userId)),
        gt(retiredSlugs.retiredAt, reservedSince),
      ),
    );
  return new Set([...held, ...reserved].map((row) => row.slug));
}

/** The first made slug for this title that this story may have (`title`, `title-2`, ...). */
async function freeSlug(tx: Transaction, story: StoryRow): Promise<string> {
  const base = slugFromTitle(story.title);
  for (let from = 1; ; from += SLUG_BATCH) {
    const candidates = slugCandidates(base, from, SLUG_BATCH);
    const taken = await takenSlugs(tx, story, candidates);
    const free = candidates.find((slug) => !taken.has(slug));
    if (free) return free;
  }
}

/** The slug this publish uses: the custom one (409 when it is taken), the story's own, or one made from the title. */
async function chooseSlug(tx: Transaction, story: StoryRow, customSlug: string | null, existing: PublishedStoryRow | undefined): Promise<string> {
  if (customSlug) {
    if ((await takenSlugs(tx, story, [customSlug])).size) throw slugTaken();
    return customSlug;
  }
  return existing?.slug ?? freeSlug(tx, story);
}

/**
 * Publishes a story, or publishes it again: its title, text, time, language, the owner's
 * name and its photos with their captions (published-photos.ts) are copied into the one
 * public copy of the story (the page shows that copy until the next publish); with "hear it in
 * my voice", its paragraphs' spans too (published-voice.ts). With narration, the narrate-story job is queued in the same
 * transaction (narration `waiting`); without, there is none. Any earlier narration's
 * audio is removed once the new copy is committed. A story still being written is a 409.
 */
export async function publishStory(
  db: Database,
  queue: Queue,
  store: BlobStore,
  authorized: Authorized<StoryRow, 'update'>,
  request: PublishRequest,
): Promise<{ copy: PublishedStoryRow; story: StoryRow }> {
  for (let race = 1; ; race++) {
    try {
      const result = await db.transaction((tx) => publishIn(tx, queue, authorized.id, request));
      if (result.oldAudioKey) await store.delete(result.oldAudioKey);
      return result;
    } catch (error) {
      if (!isPgError(error, 'uniqueViolation')) throw error;
      // Someone else took the slug between our look and our write.
      if (request.customSlug || race >= SLUG_RACES) throw slugTaken();
    }
  }
}

async function publishIn(tx: Transaction, queue: Queue, storyId: number, request: PublishRequest) {
  // The story as it is now, locked so an edit cannot slip between the copy and the commit.
  const [story] = await tx.select().from(stories).where(eq(stories.id, storyId)).for('update');
  if (!story) throw new HttpError(404, 'not_found', 'Story not found');
  if (story.processingStatus === 'processing') throw stillWriting();
  const [owner] = await tx.select().from(users).where(eq(users.id, story.userId));
  const [existing] = await tx.select().from(publishedStories).where(eq(publishedStories.storyId, story.id)).for('update');
  const slug = await chooseSlug(tx, story, request.customSlug, existing);

  const narrationId = request.generateAudio ? randomUUID() : null;
  const copy = {
    slug,
    title: story.title,
    content: story.content,
    authorName: owner ? signatureName(owner) : null,
    language: story.language,
    temporalType: story.temporalType,
    specificDate: story.specificDate,
    month: story.month,
    year: story.year,
    endYear: story.endYear,
    audioKey: null,
    audioStatus: request.generateAudio ? ('waiting' as const) : ('none' as const),
    narrationError: null,
    narrationId,
    narrationVoice: request.generateAudio ? request.ttsOptions.voice : null,
    narrationSpeed: request.generateAudio ? request.ttsOptions.speed : null,
    voiceSources: await snapshotVoice(tx, story, request.hearVoice),
    publishedAt: new Date(),
  };
  const [row] = existing
    ? await tx.update(publishedStories).set(copy).where(eq(publishedStories.id, existing.id)).returning()
    : await tx.insert(publishedStories).values({ ...copy, userId: story.userId, storyId: story.id }).returning();
  await snapshotPhotos(tx, row.id, story);
  if (narrationId) await sendJob(queue, narrateStoryJob, { publishedStoryId: row.id, narrationId }, { within: tx });
  return { copy: row, story, oldAudioKey: existing?.audioKey ?? null };
}

/** Unpublishes: the public copy goes (its slug stays the account's for a while: retired_slugs), then its narration's audio. */
export async function unpublishStory(db: Database, store: BlobStore, copy: Authorized<PublishedStoryRow, 'delete'>): Promise<void> {
  const [removed] = await db.delete(publishedStories).where(eq(publishedStories.id, copy.id)).returning({ audioKey: publishedStories.audioKey });
  if (removed?.audioKey) await store.delete(removed.audioKey);
}

/** The public copy of a story, if it has one. */
export async function publishedCopyOf(db: Database, storyId: number): Promise<PublishedStoryRow | undefined> {
  const [copy] = await db.select().from(publishedStories).where(eq(publishedStories.storyId, storyId));
  return copy;
}
