import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { toLanguage } from '../../contract/languages.ts';
import { STORY_PLACEHOLDERS } from '../../contract/story-status.ts';
import type { StoryRequest } from '../ai/ports.ts';
import { titleFromText } from '../ai/writer.ts';
import { readRecordingSettings } from '../db/recording-settings.ts';
import { recordings, stories, users } from '../db/schema.ts';
import { queueFollowUpQuestions } from '../follow-ups/follow-up-questions-job.ts';
import { defineJob } from '../jobs/job.ts';
import type { Transaction } from '../jobs/send-job.ts';
import type { PipelineContext } from './context.ts';
import { mergeWrittenStory, type ReplaceEditsUpTo } from './hand-edits.ts';
import { userVocabulary } from './vocabulary.ts';

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
 * the writer works.
 */
export const writeStoryJob = defineJob<PipelineContext, WriteStoryPayload>({
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
  async ownerOf(ctx, { storyId }) {
    const [row] = await ctx.db.select({ userId: stories.userId }).from(stories).where(eq(stories.id, storyId));
    return row?.userId;
  },

  async run(ctx, { storyId, regenerate, replaceEditsUpTo }, { signal }) {
    const work = await storyWork(ctx, storyId, regenerate);
    if (!work) return;
    const { story, transcripts, rewriting } = work;
    if (transcripts.length === 0) return rewriting ? restoreWritten(ctx, story) : markStoryUnwritten(ctx, story);

    const request = { ...(await storyRequest(ctx, story, transcripts)), signal };
    const { story: written, removed } = rewriting
      ? await ctx.engines.writer.regenerateStory({ ...request, previous: { title: story.title, content: story.content } })
      : await ctx.engines.writer.writeStory(request);
    if (removed.people.length || removed.locations.length || removed.dates.length) {
      ctx.log.info({ storyId, removed }, 'grounding removed names the speaker never said');
    }
    await storeStoryText(
      ctx,
      storyId,
      { title: written.title || story.title, content: written.content },
      { metadata: written.metadata, processingStatus: 'generated', hasNewRecordings: false, generatedAt: new Date() },
      replaceEditsUpTo ? new Date(replaceEditsUpTo) : null,
      (tx) => queueFollowUpQuestions(ctx.queue, storyId, tx),
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
  ctx: PipelineContext,
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
    await tx
      .update(stories)
      .set({ ...changes, ...mergeWrittenStory(current, text, { replaceEditsUpTo }), updatedAt: new Date() })
      .where(eq(stories.id, storyId));
    await alsoQueue?.(tx);
  });
}

/** The story and its transcripts when there is something to write, else undefined. */
async function storyWork(ctx: PipelineContext, storyId: number, regenerate: boolean) {
  const [story] = await ctx.db.select().from(stories).where(eq(stories.id, storyId));
  if (!story || (story.processingStatus === 'generated' && !regenerate)) return undefined;
  const rows = await ctx.db.select().from(recordings).where(eq(recordings.storyId, storyId)).orderBy(asc(recordings.orderIndex));
  if (rows.some((r) => r.processingStatus === 'uploaded' || r.processingStatus === 'transcribing')) return undefined;
  const transcripts = rows.filter((r) => r.processingStatus === 'transcribed' && r.transcription?.trim());
  return { story, rows, transcripts, rewriting: regenerate && story.generatedAt !== null };
}

async function showWhatThereIs(ctx: PipelineContext, storyId: number, regenerate: boolean): Promise<void> {
  const work = await storyWork(ctx, storyId, regenerate);
  if (!work) return;
  if (work.rewriting) await restoreWritten(ctx, work.story);
  else if (work.transcripts.length > 0) await keepTranscriptAsDraft(ctx, work.story, work.rows, work.transcripts);
  else await markStoryUnwritten(ctx, work.story);
}

async function storyRequest(ctx: PipelineContext, story: StoryRow, transcripts: RecordingRow[]): Promise<StoryRequest> {
  const settings = readRecordingSettings(transcripts[0].settings);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, story.userId));
  const vocabulary = await userVocabulary(ctx.db, story.userId);
  return {
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
    authorName: user?.authorName ?? user?.firstName ?? undefined,
    knownPeople: vocabulary.people,
    knownPlaces: vocabulary.places,
    model: ctx.engines.writer.adapter === 'openai' ? settings.storyGenerationModel : undefined,
  };
}

/**
 * The transcript as the story's text, marked draft. The title typed for a new story
 * stands (the writer would have given the story its own); otherwise its first words.
 */
async function keepTranscriptAsDraft(ctx: PipelineContext, story: StoryRow, rows: RecordingRow[], transcripts: RecordingRow[]) {
  const contextName = readRecordingSettings(rows[0].settings).contextName;
  const typedTitle = Boolean(contextName) && story.title === contextName;
  const content = transcripts.map((r) => r.transcription!.trim()).join('\n\n');
  const title = typedTitle ? story.title : titleFromText(content) || UNTITLED[toLanguage(story.language)];
  await storeStoryText(ctx, story.id, { title, content }, { processingStatus: 'draft' });
}

/** A rewrite that could not be made leaves the story as it was. */
async function restoreWritten(ctx: PipelineContext, story: StoryRow) {
  await ctx.db.update(stories).set({ processingStatus: 'generated', updatedAt: new Date() }).where(eq(stories.id, story.id));
}

/**
 * A new story none of whose recordings could be transcribed: it stops "processing" and
 * waits, untitled, for a re-transcription (its audio is kept).
 */
async function markStoryUnwritten(ctx: PipelineContext, story: StoryRow): Promise<void> {
  if (story.processingStatus !== 'processing') return;
  const title = story.title === STORY_PLACEHOLDERS.title ? UNTITLED[toLanguage(story.language)] : story.title;
  await storeStoryText(ctx, story.id, { title, content: '' }, { processingStatus: 'draft' });
}
