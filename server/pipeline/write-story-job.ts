import { asc, eq } from 'drizzle-orm';
import { STORY_PLACEHOLDERS } from '../../contract/story-status.ts';
import { toLanguage } from '../../contract/languages.ts';
import type { Creativity, PointOfView, StoryStyle, Tone } from '../../contract/story-options.ts';
import { titleFromText } from '../ai/writer.ts';
import { recordings, stories, users } from '../db/schema.ts';
import type { PipelineContext } from './context.ts';
import { type Attempt, outcomeOf } from './job-outcome.ts';
import { WRITE_STORY } from './queues.ts';
import { userVocabulary } from './vocabulary.ts';

const UNTITLED = { en: 'Untitled recording', fi: 'Nimetön nauhoitus' } as const;

/**
 * Writes a new story from its transcribed recordings in the user's language, style, point
 * of view, tone and creativity. Idempotent: a written story, or one whose recordings are
 * still being transcribed, is left alone (the last transcription queues this again).
 * When the writer fails for good the story keeps the transcript, marked as a draft.
 */
export async function writeStoryJob(ctx: PipelineContext, storyId: number, attempt: Attempt): Promise<void> {
  const { db } = ctx;
  const [story] = await db.select().from(stories).where(eq(stories.id, storyId));
  if (!story || story.processingStatus === 'generated') return;
  const rows = await db.select().from(recordings).where(eq(recordings.storyId, storyId)).orderBy(asc(recordings.orderIndex));
  if (rows.some((r) => r.processingStatus === 'uploaded' || r.processingStatus === 'transcribing')) return;
  const transcripts = rows.filter((r) => r.processingStatus === 'transcribed' && r.transcription?.trim());
  if (transcripts.length === 0) return markStoryUnwritten(ctx, story);

  const settings = rows[0].settings as {
    contextName?: string;
    tone?: Tone;
    creativity?: Creativity;
    temperature?: number;
    storyGenerationModel?: string;
  };
  const [user] = await db.select().from(users).where(eq(users.id, story.userId));
  const vocabulary = await userVocabulary(db, story.userId);
  const language = toLanguage(story.language);
  // The title typed for a new story stands until the writer gives the story its own
  // (the issue asks for a generated title); if the writer never does, it stays.
  const titleIsTheirs = Boolean(settings.contextName) && story.title === settings.contextName;
  try {
    const { story: written, removed } = await ctx.engines.writer.writeStory({
      transcripts: transcripts.map((r) => ({ text: r.transcription!, speaker: r.contributorName ?? undefined })),
      language,
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
    });
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
    if (outcome.kind === 'delay') {
      await ctx.queue.send(WRITE_STORY, { storyId }, { startAfter: Math.ceil(outcome.ms / 1000) });
      // Meanwhile the person reads their own words rather than "Processing..." forever.
      return keepTranscriptAsDraft(ctx, story, transcripts.map((r) => r.transcription!), titleIsTheirs);
    }
    if (outcome.kind === 'retry') throw error;
    ctx.log.warn({ storyId, err: outcome.error.describe() }, 'story writing failed; keeping the transcript');
    await keepTranscriptAsDraft(ctx, story, transcripts.map((r) => r.transcription!), titleIsTheirs);
  }
}

async function keepTranscriptAsDraft(ctx: PipelineContext, story: typeof stories.$inferSelect, texts: string[], titleIsTheirs: boolean) {
  const content = texts.map((t) => t.trim()).join('\n\n');
  await ctx.db
    .update(stories)
    .set({
      title: titleIsTheirs ? story.title : titleFromText(content) || UNTITLED[toLanguage(story.language)],
      content,
      processingStatus: 'draft',
      updatedAt: new Date(),
    })
    .where(eq(stories.id, story.id));
}

/**
 * A new story none of whose recordings could be transcribed: it stops "processing" and
 * waits, untitled, for a re-transcription (its audio is kept).
 */
async function markStoryUnwritten(ctx: PipelineContext, story: typeof stories.$inferSelect): Promise<void> {
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
