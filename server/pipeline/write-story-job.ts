import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { signatureName } from '../../contract/author-name.ts';
import { toLanguage } from '../../contract/languages.ts';
import { STORY_PLACEHOLDERS } from '../../contract/story-status.ts';
import type { StoryMetadata } from '../../contract/story-options.ts';
import { titleFromText } from '../ai/paragraphs.ts';
import type { RunOptions } from '../ai/writing-task.ts';
import { readRecordingSettings } from '../db/recording-settings.ts';
import { photos, recordings, stories, users } from '../db/schema.ts';
import { queueFollowUpQuestions } from '../follow-ups/follow-up-questions-job.ts';
import { defineJob } from '../jobs/job.ts';
import type { Transaction } from '../jobs/send-job.ts';
import type { JobContext } from '../jobs/context.ts';
import { keepsHandEdit, mergeAdditions, mergeWrittenStory, type ReplaceEditsUpTo } from './hand-edits.ts';
import type { AdditionsRequest, PhotoNote, StoryRequest } from './story-prompt.ts';
import { addToStoryTask, regenerateStoryTask, writeStoryTask, type StoryAdditions } from './story-tasks.ts';
import { unwrittenStories } from './unfinished.ts';
import { userVocabulary } from '../people-and-places/vocabulary.ts';
import { markStorySources } from '../voice/mark-story.ts';
import { carryParagraphSources } from '../voice/paragraph-sources.ts';
import { storyWritten } from './story-written.ts';

export const WRITE_STORY = 'write-story';

const UNTITLED = { en: 'Untitled recording', fi: 'Nimetön nauhoitus' } as const;

type StoryRow = typeof stories.$inferSelect;
type RecordingRow = typeof recordings.$inferSelect;

interface WriteStoryPayload {
  storyId: number;
  regenerate: boolean;
  /** ISO time: the hand edits made until then may be replaced (the person asked to); absent, none may. */
  replaceEditsUpTo?: string;
}

/**
 * Writes a story from its transcribed recordings in the user's language, style, point of
 * view, tone and creativity; with `regenerate`, rewrites a written one. Idempotent: a
 * written story (unless regenerating), or one whose recordings are still being
 * transcribed, is left alone (the last transcription queues this again). While the
 * writer makes the story wait, and when it fails for good, a new story keeps the
 * transcript as a draft and a rewrite keeps the story it had. A title or text the person
 * edited by hand is never overwritten (hand-edits.ts), not even when the edit comes while
 * the writer works; a text edited by hand gets the new recordings as new paragraphs
 * around it (addToEditedText), or stays as it is with the recordings still marked new.
 */
export const writeStoryJob = defineJob<JobContext, WriteStoryPayload>({
  name: WRITE_STORY,
  payload: z.object({
    storyId: z.number().int().positive(),
    regenerate: z.boolean().default(false),
    replaceEditsUpTo: z.iso.datetime().optional(),
  }),
  // Each try is a whole paid request; two more are enough for a passing failure.
  retry: { retries: 2, baseDelayMs: 8000, maxDelayMs: 60_000 },
  expireInSeconds: 60 * 60,
  entityOf: ({ storyId }) => `story:${storyId}`,
  // A rewrite asked for while a first writing waits is its own job, not swallowed by it.
  queueKeyOf: ({ storyId, regenerate }) => `story:${storyId}${regenerate ? ':rewrite' : ''}`,
  unfinished: unwrittenStories,
  async ownerOf(ctx, { storyId }) {
    const [row] = await ctx.db.select({ userId: stories.userId }).from(stories).where(eq(stories.id, storyId));
    return row?.userId;
  },

  async run(ctx, { storyId, regenerate, replaceEditsUpTo }, { signal }) {
    const work = await storyWork(ctx, storyId, regenerate);
    if (!work) return;
    const { story, transcripts, rewriting } = work;
    if (transcripts.length === 0) return rewriting ? restoreWritten(ctx, story) : markStoryUnwritten(ctx, story);

    const { request, model } = await storyRequest(ctx, story, transcripts);
    const options: RunOptions = { model, signal };
    const replaceUpTo = replaceEditsUpTo ? new Date(replaceEditsUpTo) : null;
    if (keepsHandEdit(story.contentEditedAt, replaceUpTo)) {
      // Recordings placed or changed since the text was last written are what is new to it.
      const newTranscripts = transcripts.flatMap((r, i) => (!story.generatedAt || r.updatedAt > story.generatedAt ? [i] : []));
      if (newTranscripts.length > 0 || story.hasNewRecordings) {
        return addToEditedText(ctx, story, { ...request, fixed: { title: story.title, content: story.content }, newTranscripts }, options, replaceUpTo);
      }
      // Nothing new: a rewrite asked for only gives the title (when it is not the person's); the text stays.
    }
    const { story: written, removed } = rewriting
      ? await ctx.engines.writer.run(regenerateStoryTask, { ...request, previous: { title: story.title, content: story.content } }, options)
      : await ctx.engines.writer.run(writeStoryTask, request, options);
    if (removed.people.length || removed.locations.length || removed.dates.length) {
      ctx.log.info({ storyId, removed }, 'grounding removed names the speaker never said');
    }
    await storeStoryText(
      ctx,
      storyId,
      { title: written.title || story.title, content: written.content },
      { metadata: written.metadata, processingStatus: 'generated', hasNewRecordings: false, generatedAt: new Date() },
      replaceUpTo,
      // And what other features do with a written story (story-written.ts).
      async (tx) => {
        await queueFollowUpQuestions(ctx.queue, storyId, tx);
        await storyWritten(ctx.queue, tx, storyId);
      },
    );
  },

  // Meanwhile (or for good) the person reads a story, never "Processing..." forever.
  onDelay: (ctx, { storyId, regenerate }) => showWhatThereIs(ctx, storyId, regenerate),
  onFailure: (ctx, { storyId, regenerate }) => showWhatThereIs(ctx, storyId, regenerate),
});

/**
 * Stores a title and text with other changes, keeping what the person edited by hand. The
 * story is read again under a row lock, so an edit saved while the writer worked is seen.
 */
async function storeStoryText(
  ctx: JobContext,
  storyId: number,
  text: { title: string; content: string },
  changes: Partial<typeof stories.$inferInsert>,
  replaceEditsUpTo: ReplaceEditsUpTo = null,
  /** More work queued in the same transaction (the follow-up questions of a written story). */
  alsoQueue?: (tx: Transaction) => Promise<unknown>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(stories).where(eq(stories.id, storyId)).for('update');
    if (!current) return;
    const merged = mergeWrittenStory(current, text, { replaceEditsUpTo });
    // A text edited while the writer worked stays: the written metadata (names the person's
    // text may not have) is not taken, and new recordings stay new, to be added to it later.
    const { metadata, hasNewRecordings, ...rest } = changes;
    const textKept = merged.contentEditedAt !== null;
    await tx
      .update(stories)
      .set({ ...(textKept ? rest : { ...rest, metadata, hasNewRecordings }), ...merged, updatedAt: new Date() })
      .where(eq(stories.id, storyId));
    // Each paragraph leads back to where it was said (a kept text keeps the spans it had).
    await markStorySources(tx, storyId);
    await alsoQueue?.(tx);
  });
}

/**
 * A text the person edited (and did not let the writer replace): the writer is asked only
 * for new paragraphs from the recordings added since the text was last written, and they
 * are put around the person's words, which stay byte for byte (hand-edits.ts). When it gives nothing usable, or the text was
 * edited again meanwhile, the text stays as it is and the recordings stay new (the banner
 * stays); a failing writer does the same through onFailure.
 */
async function addToEditedText(
  ctx: JobContext,
  story: StoryRow,
  request: AdditionsRequest,
  options: RunOptions,
  replaceUpTo: ReplaceEditsUpTo,
): Promise<void> {
  const shown = { processingStatus: story.generatedAt ? ('generated' as const) : ('draft' as const) };
  const additions = await ctx.engines.writer.run(addToStoryTask, request, options);
  if (additions.removed.people.length || additions.removed.locations.length || additions.removed.dates.length) {
    ctx.log.info({ storyId: story.id, removed: additions.removed }, 'grounding removed names the speaker never said');
  }
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(stories).where(eq(stories.id, story.id)).for('update');
    if (!current) return;
    if (additions.paragraphs.length === 0 || current.content !== story.content) {
      ctx.log.warn({ storyId: story.id, editedMeanwhile: current.content !== story.content }, 'nothing added to a text edited by hand');
      await tx.update(stories).set({ ...shown, updatedAt: new Date() }).where(eq(stories.id, story.id));
      return;
    }
    const merged = mergeAdditions(current, additions, { replaceEditsUpTo: replaceUpTo });
    await tx
      .update(stories)
      .set({
        ...merged,
        // The person's paragraphs keep their spans; the new ones are marked just below.
        paragraphSources: carryParagraphSources({ content: current.content, sources: current.paragraphSources }, merged.content),
        metadata: withMentions(current.metadata, additions),
        processingStatus: 'generated',
        hasNewRecordings: false,
        generatedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(stories.id, story.id));
    await markStorySources(tx, story.id);
    await queueFollowUpQuestions(ctx.queue, story.id, tx);
    await storyWritten(ctx.queue, tx, story.id);
  });
}

/** The story's names and dates, with those the new paragraphs mention added (no others). */
function withMentions(metadata: StoryMetadata, additions: StoryAdditions): StoryMetadata {
  const union = (kept: string[], added: string[]) => {
    const known = new Set(kept.map((e) => e.toLowerCase()));
    return [...kept, ...added.filter((e) => !known.has(e.toLowerCase()))];
  };
  return {
    ...metadata,
    people: union(metadata.people, additions.metadata.people),
    locations: union(metadata.locations, additions.metadata.locations),
    dates: union(metadata.dates, additions.metadata.dates),
  };
}

/** The story and its transcripts when there is something to write, else undefined. */
async function storyWork(ctx: JobContext, storyId: number, regenerate: boolean) {
  const [story] = await ctx.db.select().from(stories).where(eq(stories.id, storyId));
  if (!story || (story.processingStatus === 'generated' && !regenerate)) return undefined;
  const rows = await ctx.db.select().from(recordings).where(eq(recordings.storyId, storyId)).orderBy(asc(recordings.orderIndex));
  if (rows.some((r) => r.processingStatus === 'uploaded' || r.processingStatus === 'transcribing')) return undefined;
  const transcripts = rows.filter((r) => r.processingStatus === 'transcribed' && r.transcription?.trim());
  return { story, rows, transcripts, rewriting: regenerate && story.generatedAt !== null };
}

async function showWhatThereIs(ctx: JobContext, storyId: number, regenerate: boolean): Promise<void> {
  const work = await storyWork(ctx, storyId, regenerate);
  if (!work) return;
  if (work.rewriting) await restoreWritten(ctx, work.story);
  else if (work.transcripts.length > 0) await keepTranscriptAsDraft(ctx, work.story, work.transcripts);
  else await markStoryUnwritten(ctx, work.story);
}

/** What the writer is told about a story, and the model the person chose (OpenAI only). */
async function storyRequest(ctx: JobContext, story: StoryRow, transcripts: RecordingRow[]): Promise<{ request: StoryRequest; model?: string }> {
  const settings = readRecordingSettings(transcripts[0].settings);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, story.userId));
  const vocabulary = await userVocabulary(ctx.db, story.userId);
  const request: StoryRequest = {
    transcripts: transcripts.map((r) => ({
      text: r.transcription!,
      speaker: r.contributorName ?? undefined,
      // Each answer of a spoken interview carries the follow-up it answered; the story's own question is said once, above.
      question: r.promptQuestion && r.promptQuestion !== story.promptQuestion ? r.promptQuestion : undefined,
    })),
    language: toLanguage(story.language),
    style: story.storyStyle,
    pointOfView: story.pointOfView,
    tone: story.tone ?? settings.tone,
    creativity: story.creativity ?? settings.creativity,
    temperature: settings.temperature,
    promptQuestion: story.promptQuestion ?? undefined,
    authorName: (user && signatureName(user)) ?? undefined,
    knownPeople: vocabulary.people,
    knownPlaces: vocabulary.places,
    photos: await photosToldAbout(ctx, story, transcripts),
  };
  return { request, model: ctx.engines.writer.adapter === 'openai' ? settings.storyGenerationModel : undefined };
}

/** The photos the recordings were told about ("Tell me about this picture"), in the recordings' order: their captions and days taken. */
async function photosToldAbout(ctx: JobContext, story: StoryRow, transcripts: RecordingRow[]): Promise<PhotoNote[]> {
  const ids = [...new Set(transcripts.flatMap((r) => (r.aboutPhotoId === null ? [] : [r.aboutPhotoId])))];
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select({ id: photos.id, caption: photos.caption, takenOn: photos.takenOn })
    .from(photos)
    .where(and(inArray(photos.id, ids), eq(photos.userId, story.userId)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ caption: row.caption, takenOn: row.takenOn }] : [];
  });
}

/**
 * The transcript as the story's text, marked draft, titled by its first words (a title the
 * person typed for the new story is a hand edit, and stays).
 */
async function keepTranscriptAsDraft(ctx: JobContext, story: StoryRow, transcripts: RecordingRow[]) {
  const content = transcripts.map((r) => r.transcription!.trim()).join('\n\n');
  const title = titleFromText(content) || UNTITLED[toLanguage(story.language)];
  await storeStoryText(ctx, story.id, { title, content }, { processingStatus: 'draft' });
}

/** A rewrite that could not be made leaves the story as it was. */
async function restoreWritten(ctx: JobContext, story: StoryRow) {
  await ctx.db.update(stories).set({ processingStatus: 'generated', updatedAt: new Date() }).where(eq(stories.id, story.id));
}

/**
 * A new story none of whose recordings could be transcribed: it stops "processing" and
 * waits, untitled, for a re-transcription (its audio is kept).
 */
async function markStoryUnwritten(ctx: JobContext, story: StoryRow): Promise<void> {
  if (story.processingStatus !== 'processing') return;
  const title = story.title === STORY_PLACEHOLDERS.title ? UNTITLED[toLanguage(story.language)] : story.title;
  await storeStoryText(ctx, story.id, { title, content: '' }, { processingStatus: 'draft' });
}
