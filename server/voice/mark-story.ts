import { and, asc, eq } from 'drizzle-orm';
import type { ParagraphSources, VoiceSpan } from '../../contract/voice.ts';
import { paragraphsOf } from '../ai/paragraphs.ts';
import type { Database } from '../db/client.ts';
import { recordings, stories } from '../db/schema.ts';
import { markParagraphSources, type TimedRecording } from './paragraph-sources.ts';

/** The database or a transaction of it (the writer marks a story in the transaction that stores it). */
type Writer = Pick<Database, 'select' | 'update'>;

/**
 * Marks (again) where each paragraph of a story was said, from its recordings' timings as they
 * are now; a story whose text the person edited keeps the spans they still match.
 * Cheap and idempotent: call it whenever a story's text or its recordings' timings change.
 * Left null while none of its recordings is timed (the background pass marks it once one is).
 */
export async function markStorySources(writer: Writer, storyId: number): Promise<void> {
  const [story] = await writer
    .select({ content: stories.content, contentEditedAt: stories.contentEditedAt, paragraphSources: stories.paragraphSources })
    .from(stories)
    .where(eq(stories.id, storyId));
  if (!story) return;
  const rows = await writer
    .select({ id: recordings.id, timings: recordings.transcriptTimings })
    .from(recordings)
    .where(eq(recordings.storyId, storyId))
    .orderBy(asc(recordings.orderIndex), asc(recordings.id));
  const sources = story.contentEditedAt ? markingAroundHandEdits(story.content, story.paragraphSources, rows) : freshMarking(story.content, rows);
  // Only onto the text marked: a text changed meanwhile was marked or carried by what changed it.
  await writer
    .update(stories)
    .set({ paragraphSources: sources })
    .where(and(eq(stories.id, storyId), eq(stories.content, story.content)));
}

const timedOnes = (rows: TimedRecording[]) => rows.filter((row) => (row.timings?.sentences.length ?? 0) > 0);

/** A text as the writer wrote it: marked from scratch. */
function freshMarking(content: string, rows: TimedRecording[]): ParagraphSources | null {
  const timed = timedOnes(rows);
  return timed.length ? markParagraphSources(content, timed) : null;
}

/**
 * A text the person edited: a paragraph keeps the spans carried through their edits (in
 * recordings the story still has); only a paragraph left with none is marked.
 */
function markingAroundHandEdits(content: string, stored: ParagraphSources | null, rows: TimedRecording[]): ParagraphSources | null {
  const count = paragraphsOf(content).length;
  const present = new Set(rows.map((row) => row.id));
  const carried = stored?.length === count ? stored.map((spans) => spans.filter((span) => present.has(span.recordingId))) : null;
  const timed = timedOnes(rows);
  if (!timed.length) return carried;
  const marked = markParagraphSources(content, timed);
  return marked.map((spans, i): VoiceSpan[] => (carried?.[i].length ? carried[i] : spans));
}
