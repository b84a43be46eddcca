import { asc, eq } from 'drizzle-orm';
import { toLanguage } from '../../contract/languages.ts';
import type { Creativity, PointOfView, StoryStyle, Tone } from '../../contract/story-options.ts';
import { STORY_PLACEHOLDERS } from '../../contract/story-status.ts';
import type { StoryRequest } from '../ai/ports.ts';
import { titleFromText } from '../ai/writer.ts';
import { recordings, stories, users } from '../db/schema.ts';
import type { PipelineContext } from './context.ts';
import { type Attempt, outcomeOf } from './job-outcome.ts';
import { WRITE_STORY } from './queues.ts';
import { userVocabulary } from './vocabulary.ts';

const UNTITLED = { en: 'Untitled recording', fi: 'Nimetön nauhoitus' } as const;

type StoryRow = typeof stories.$inferSelect;
type RecordingRow = typeof recordings.$inferSelect;

/**
 * Writes a story from its transcribed recordings in the user's language, style, point of
 * view, tone and creativity; with `regenerate`, rewrites a written one. Idempotent: a
 * written story (unless regenerating), or one whose recordings are still being
 * transcribed, is left alone (the last transcription queues this again). When the writer
 * fails for good a new story keeps the transcript as a draft, and a rewrite keeps the
 * story it had.
 */
export async function writeStoryJob(ctx: PipelineContext, storyId: number, attempt: Attempt, regenerate = false): Promise<void> {
  const { db } = ctx;
  const [story] = await db.select().from(stories).where(eq(stories.id, storyId));
  if (!story || (story.processingStatus === 'generated' && !regenerate)) return;
  const rows = await db.select().from(recordings).where(eq(recordings.storyId, storyId)).orderBy(asc(recordings.orderIndex));
  if (rows.some((r) => r.processingStatus === 'uploaded' || r.processingStatus === 'transcribing')) return;
  const transcripts = rows.filter((r) => r.processingStatus === 'transcribed' && r.transcription?.trim());
  const texts = transcripts.map((r) => r.transcription!.trim());
  const rewriting = regenerate && story.generatedAt !== null;
  if (transcripts.length === 0) return rewriting ? restoreWritten(ctx, story) : markStoryUnwritten(ctx, story);

  const settings = rows[0].settings as { contextName?: string };
  // The title typed for a new story stands until the writer gives the story its own
  // (the issue asks for a generated title); if the writer never does, it stays.
  const typedTitle = Boolean(settings.contextName) && story.title === settings.contextName;
  try {
    const request = await storyRequest(ctx, story, transcripts);
    const { story: written, removed } = rewriting
      ? await ctx.engines.writer.regenerateStory({ ...request, previous: { title: story.title, content: story.content } })
      : await ctx.engines.writer.writeStory(request);
    if (removed.people.length || removed.locations.length || removed.dates.length) {
      ctx.log.info({ storyId, removed }, 'grounding removed names the speaker never said');
    }
    await db
      .update(stories)
      .set({
        title: written.title || story.title,
        content: written.content,
        metadata: written.metadata,
        processingStatus: 'generated',
        hasNewRecordings: false,
        generatedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(stories.id, storyId));
  } catch (error) {
    const outcome = outcomeOf(error, attempt);
    if (outcome.kind === 'retry') throw error;
    if (outcome.kind === 'delay') {
      await ctx.queue.send(WRITE_STORY, { storyId, regenerate }, { startAfter: Math.ceil(outcome.ms / 1000) });
    } else {
      ctx.log.warn({ storyId, err: outcome.error.describe() }, 'story writing failed');
    }
    // Meanwhile (or for good) the person reads a story, never "Processing..." forever.
    if (rewriting) await restoreWritten(ctx, story);
    else await keepTranscriptAsDraft(ctx, story, texts, typedTitle);
  }
}

async function storyRequest(ctx: PipelineContext, story: StoryRow, transcripts: RecordingRow[]): Promise<StoryRequest> {
  const settings = transcripts[0].settings as {
    tone?: Tone;
    creativity?: Creativity;
    temperature?: number;
    storyGenerationModel?: string;
  };
  const [user] = await ctx.db.select().from(users).where(eq(users.id, story.userId));
  const vocabulary = await userVocabulary(ctx.db, story.userId);
  return {
    transcripts: transcripts.map((r) => ({ text: r.transcription!, speaker: r.contributorName ?? undefined })),
    language: toLanguage(story.language),
    style: story.storyStyle as StoryStyle,
    pointOfView: story.pointOfView as PointOfView,
    tone: (story.tone ?? settings.tone) as Tone | undefined,
    creativity: (story.creativity ?? settings.creativity) as Creativity | undefined,
    temperature: settings.temperature,
    promptQuestion: story.promptQuestion ?? undefined,
    authorName: user?.authorName ?? user?.firstName ?? undefined,
    knownPeople: vocabulary.people,
    knownPlaces: vocabulary.places,
    model: ctx.engines.writer.adapter === 'openai' ? settings.storyGenerationModel : undefined,
  };
}

async function keepTranscriptAsDraft(ctx: PipelineContext, story: StoryRow, texts: string[], typedTitle: boolean) {
  const content = texts.join('\n\n');
  await ctx.db
    .update(stories)
    .set({
      title: typedTitle ? story.title : titleFromText(content) || UNTITLED[toLanguage(story.language)],
      content,
      processingStatus: 'draft',
      updatedAt: new Date(),
    })
    .where(eq(stories.id, story.id));
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
  await ctx.db
    .update(stories)
    .set({
      title: story.title === STORY_PLACEHOLDERS.title ? UNTITLED[toLanguage(story.language)] : story.title,
      content: '',
      processingStatus: 'draft',
      updatedAt: new Date(),
    })
    .where(eq(stories.id, story.id));
}
