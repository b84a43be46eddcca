import { and, eq } from 'drizzle-orm';
import type { ParagraphSources, StoryVoiceView } from '../../contract/voice.ts';
import type { Database } from '../db/client.ts';
import { recordings, type stories } from '../db/schema.ts';
import type { Transaction } from '../jobs/send-job.ts';
import { voiceView } from '../voice/story-voice.ts';
import type { PublishedStoryRow } from './presenter.ts';

/*
 * "Let readers hear it in my voice" (issue 29): a story published with it keeps its paragraphs'
 * spans as they were (published_stories.voice_sources), like its text; the page plays only
 * those recordings, and only while they are still the story's (a recording deleted or moved
 * to another story leaves the page).
 */

type StoryRow = typeof stories.$inferSelect;
type Reader = Database | Transaction;

/** Where anyone hears one recording of a story published with the teller's voice. */
export const publicVoiceAudioPath = (slug: string, recordingId: number) => `/api/published/${slug}/voice/${recordingId}/audio`;

/** The story's recordings now, with their lengths (the spans may name only these). */
function recordingsOf(db: Reader, storyId: number) {
  return db.select({ id: recordings.id, duration: recordings.duration }).from(recordings).where(eq(recordings.storyId, storyId));
}

/**
 * The voice_sources a publish stores: the story's paragraph spans (kept to its recordings)
 * when the owner chose to let readers hear their voice, else null. Runs in the publish's
 * transaction, with the story row it locked, so the spans number the published text's paragraphs.
 */
export async function snapshotVoice(tx: Transaction, story: StoryRow, hearVoice: boolean): Promise<ParagraphSources | null> {
  if (!hearVoice) return null;
  return voiceView(story.paragraphSources, await recordingsOf(tx, story.id), () => '').paragraphs;
}

/** GET /api/published/{slug}/voice: the published spans and the recordings they play, or null when published without the voice. */
export async function publishedVoice(db: Database, copy: PublishedStoryRow): Promise<StoryVoiceView | null> {
  if (!copy.voiceSources) return null;
  return voiceView(copy.voiceSources, await recordingsOf(db, copy.storyId), (id) => publicVoiceAudioPath(copy.slug, id));
}

/** Whether a story published with the voice has any span to play (the page then offers "hear it"). */
export function hasPublishedVoice(copy: Pick<PublishedStoryRow, 'voiceSources'>): boolean {
  return (copy.voiceSources ?? []).some((spans) => spans.length > 0);
}

/** The recording the public page may play: one of the published spans' and still the story's; else undefined. */
export async function publishedVoiceRecording(db: Database, copy: PublishedStoryRow, recordingId: number) {
  const published = (copy.voiceSources ?? []).some((spans) => spans.some((span) => span.recordingId === recordingId));
  if (!published) return undefined;
  const [row] = await db
    .select({ id: recordings.id, audioKey: recordings.audioKey, mimeType: recordings.mimeType })
    .from(recordings)
    .where(and(eq(recordings.id, recordingId), eq(recordings.storyId, copy.storyId)));
  return row;
}
