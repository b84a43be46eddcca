import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { isTranscriptionPending } from '../../contract/engines.ts';
import type { Database } from '../db/client.ts';
import { recordings, stories } from '../db/schema.ts';
import { KINDS, type RecordKind } from './kinds.ts';
import { storiesNaming } from './mentions.ts';

/** What information is gathered about. */
export type EnrichmentKind = RecordKind;

/** What the writer reads about a person or place, and what a quote must be found in. */
export interface EnrichmentSources {
  /** Transcripts of the recordings linked to it, then the texts of the stories that name it, newest first. */
  texts: string[];
  /** Every spoken word behind those texts: the linked recordings' and those stories' transcripts. */
  spoken: string[];
  /** Linked recordings still on their way to a transcript: a refresh waits for them. */
  pending: number;
}

/**
 * The most text one refresh sends the writer; past it the oldest stories, then the oldest
 * recordings, are left out. About 10k tokens even in Finnish, so prompt and answer fit
 * the local writer's default 16k context.
 */
export const MAX_SOURCE_CHARS = 32_000;

/**
 * Everything recorded about a person or place: the transcripts of its linked recordings,
 * and the stories whose metadata names it (by its name or a label linked to it), newest
 * first, recordings before stories, until MAX_SOURCE_CHARS. Empty `texts` and no `pending`
 * recording means there is nothing to gather from.
 */
export async function enrichmentSources(db: Database, kind: EnrichmentKind, id: number): Promise<EnrichmentSources> {
  const { table, links, linkOwner } = KINDS[kind];
  const [entity] = await db.select({ userId: table.userId, name: table.name }).from(table).where(eq(table.id, id));
  if (!entity) return { texts: [], spoken: [], pending: 0 };

  const linkedRows = await db
    .select({ text: recordings.transcription, status: recordings.processingStatus })
    .from(recordings)
    .innerJoin(links, eq(links.recordingId, recordings.id))
    .where(eq(linkOwner, id))
    .orderBy(desc(recordings.createdAt));
  const linked = linkedRows.filter((r) => r.status === 'transcribed');

  const naming = await storiesNaming(db, kind, { id, userId: entity.userId });
  const mentioning = naming.length
    ? await db
        .select({ id: stories.id, content: stories.content })
        .from(stories)
        .where(and(inArray(stories.id, naming), ne(stories.processingStatus, 'processing'), ne(stories.content, '')))
        .orderBy(desc(stories.createdAt), desc(stories.id))
    : [];
  const storyTranscripts = mentioning.length
    ? await db
        .select({ text: recordings.transcription })
        .from(recordings)
        .where(and(inArray(recordings.storyId, mentioning.map((s) => s.id)), eq(recordings.processingStatus, 'transcribed')))
    : [];

  const present = (texts: (string | null)[]) => texts.map((t) => t?.trim() ?? '').filter(Boolean);
  return {
    texts: firstWithin([...present(linked.map((r) => r.text)), ...present(mentioning.map((s) => s.content))], MAX_SOURCE_CHARS),
    spoken: present([...linked.map((r) => r.text), ...storyTranscripts.map((r) => r.text)]),
    pending: linkedRows.filter((r) => isTranscriptionPending(r.status)).length,
  };
}

/** The first texts whose lengths add up to at most `max` (at least the first one, cut). */
function firstWithin(texts: string[], max: number): string[] {
  const kept: string[] = [];
  let total = 0;
  for (const text of texts) {
    if (total + text.length > max) {
      if (kept.length === 0) kept.push(text.slice(0, max));
      break;
    }
    total += text.length;
    kept.push(text);
  }
  return kept;
}
