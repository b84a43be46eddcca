import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { toLanguage } from '../../contract/languages.ts';
import type { NarrationState } from '../../contract/publishing.ts';
import { AiError } from '../ai/errors.ts';
import { splitForSpeech } from '../ai/speech-pieces.ts';
import type { Narration } from '../ai/ports.ts';
import { publishedStories } from '../db/schema.ts';
import { defineJob, UNFINISHED_BATCH } from '../jobs/job.ts';
import { narrationAudioKey } from '../recordings/audio-key.ts';
import { makeTempFolder } from '../storage/temp-folders.ts';
import type { JobContext } from '../jobs/context.ts';
import { joinNarration, NARRATION_MIME_TYPE } from './join-narration.ts';

export const NARRATE_STORY = 'narrate-story';

/** How long the job waits to look again while the narrator is not ready (no API key, say). */
export const NARRATOR_MISSING_RETRY_MS = 60_000;

interface NarrateStoryPayload {
  publishedStoryId: number;
  /** The narration this job makes; a publish since then wants another, and this one stores nothing. */
  narrationId: string;
}

/** What is spoken: the title, then the story. */
export function narrationText(copy: { title: string; content: string }): string {
  const title = copy.title.trim();
  const opening = title && !/[.!?]$/.test(title) ? `${title}.` : title;
  return [opening, copy.content.trim()].filter(Boolean).join('\n\n');
}

type Changes = Partial<Pick<typeof publishedStories.$inferInsert, 'audioKey' | 'narrationError'>> & { audioStatus: NarrationState };

/** Writes the narration's state only while this job's narration is still the one wanted; false when it is not. */
async function setState(ctx: JobContext, { publishedStoryId, narrationId }: NarrateStoryPayload, changes: Changes): Promise<boolean> {
  const updated = await ctx.db
    .update(publishedStories)
    .set(changes)
    .where(and(eq(publishedStories.id, publishedStoryId), eq(publishedStories.narrationId, narrationId)))
    .returning({ id: publishedStories.id });
  return updated.length === 1;
}

async function wantedCopy(ctx: JobContext, { publishedStoryId, narrationId }: NarrateStoryPayload) {
  const [copy] = await ctx.db
    .select()
    .from(publishedStories)
    .where(and(eq(publishedStories.id, publishedStoryId), eq(publishedStories.narrationId, narrationId)));
  return copy;
}

/**
 * Narrates a published story (its public copy, not the story as edited since): the text
 * is cut into pieces the narrator takes (`splitForSpeech`), each spoken in the story's
 * language with the voice and speed asked for, then joined with ffmpeg into one MP3 that
 * is stored like recordings. The card follows it: generating, finalizing, ready (or
 * failed with the catalogue's words). A republish or unpublish while it runs wins: every
 * write checks the narration id, and audio stored for a narration nobody wants any more
 * is removed. A narrator that is not ready makes it wait, as the other jobs wait.
 */
export const narrateStoryJob = defineJob<JobContext, NarrateStoryPayload>({
  name: NARRATE_STORY,
  payload: z.object({ publishedStoryId: z.number().int().positive(), narrationId: z.string().min(1).max(64) }),
  // Each try speaks the whole story again; two more are enough for a passing failure.
  retry: { retries: 2, baseDelayMs: 8000, maxDelayMs: 60_000 },
  expireInSeconds: 60 * 60,
  entityOf: ({ publishedStoryId }) => `published-story:${publishedStoryId}`,
  // A republish is a new narration: its job is queued even while the older one still waits.
  queueKeyOf: ({ publishedStoryId, narrationId }) => `published-story:${publishedStoryId}:${narrationId}`,
  unfinished: unfinishedNarrations,
  async ownerOf(ctx, { publishedStoryId }) {
    const [row] = await ctx.db.select({ userId: publishedStories.userId }).from(publishedStories).where(eq(publishedStories.id, publishedStoryId));
    return row?.userId;
  },

  async run(ctx, payload, { signal }) {
    const copy = await wantedCopy(ctx, payload);
    if (!copy) return;
    const narrator = ctx.engines.narrator;
    const status = await narrator.status();
    if (!status.ready) {
      throw new AiError('temporarily_unavailable', { retryable: true, retryAfterMs: NARRATOR_MISSING_RETRY_MS, detail: status.problem ?? 'the narrator is not ready' });
    }
    if (!(await setState(ctx, payload, { audioStatus: 'generating', narrationError: null }))) return;

    const language = toLanguage(copy.language);
    const spoken: Narration[] = [];
    for (const piece of splitForSpeech(narrationText(copy))) {
      spoken.push(await narrator.narrate({ text: piece, language, voice: copy.narrationVoice ?? undefined, speed: copy.narrationSpeed ?? undefined, signal }));
      // A republish meanwhile: stop speaking a text nobody wants.
      if (!(await wantedCopy(ctx, payload))) return;
    }
    if (!(await setState(ctx, payload, { audioStatus: 'finalizing' }))) return;

    // Named by this process, so a start after a crash sweeps it (server/storage/temp-folders.ts).
    const { dir, remove } = await makeTempFolder('narration');
    try {
      const file = await joinNarration(spoken, dir);
      const key = narrationAudioKey(copy.userId, copy.id);
      await ctx.store.putFile(key, file, NARRATION_MIME_TYPE);
      const saved = await setState(ctx, payload, { audioStatus: 'ready', audioKey: key, narrationError: null });
      if (!saved) await ctx.store.delete(key);
    } finally {
      await remove();
    }
  },

  async onDelay(ctx, payload) {
    await setState(ctx, payload, { audioStatus: 'waiting' });
  },

  async onFailure(ctx, payload, error) {
    await setState(ctx, payload, { audioStatus: 'failed', narrationError: error.message });
  },
});

/** Narrations still under way: queued, or cut off while speaking or joining. */
const UNFINISHED = ['waiting', 'generating', 'finalizing'] as const;

/** Narrations still wanted and not made: the job's unfinished work. */
async function unfinishedNarrations(ctx: JobContext): Promise<NarrateStoryPayload[]> {
  const rows = await ctx.db
    .select({ id: publishedStories.id, narrationId: publishedStories.narrationId })
    .from(publishedStories)
    .where(and(inArray(publishedStories.audioStatus, UNFINISHED), isNotNull(publishedStories.narrationId)))
    .orderBy(publishedStories.id)
    .limit(UNFINISHED_BATCH);
  return rows.map(({ id, narrationId }) => ({ publishedStoryId: id, narrationId: narrationId! }));
}
