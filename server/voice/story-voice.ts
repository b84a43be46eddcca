import { eq } from 'drizzle-orm';
import type { ParagraphSources, StoryVoiceView } from '../../contract/voice.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { recordings } from '../db/schema.ts';

/**
 * The spans a story's paragraphs were said in, kept to recordings the story still has (a
 * recording moved to another story or deleted takes its spans with it), and those recordings.
 */
export async function storyVoice(db: Database, story: Authorized<ResourceRows['story'], 'read'>): Promise<StoryVoiceView> {
  const rows = await db
    .select({ id: recordings.id, duration: recordings.duration })
    .from(recordings)
    .where(eq(recordings.storyId, story.id));
  return voiceView(story.paragraphSources, rows, (id) => `/api/recordings/${id}/audio`);
}

/** Spans kept to the recordings given, and those of them that are played, each with the address of its audio. */
export function voiceView(
  sources: ParagraphSources | null,
  present: { id: number; duration: number | null }[],
  audioUrl: (recordingId: number) => string,
): StoryVoiceView {
  const byId = new Map(present.map((row) => [row.id, row]));
  const paragraphs = (sources ?? []).map((spans) => spans.filter((span) => byId.has(span.recordingId)));
  const played = [...new Set(paragraphs.flat().map((span) => span.recordingId))];
  return {
    paragraphs,
    recordings: played.map((id) => ({ id, duration: byId.get(id)!.duration, audioUrl: audioUrl(id) })),
  };
}
