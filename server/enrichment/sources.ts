import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { isTranscriptionPending } from '../../contract/engines.ts';
import type { Database } from '../db/client.ts';
import { people, personLabels, placeLabels, places, recordingPeople, recordingPlaces, recordings, stories } from '../db/schema.ts';

/** What information is gathered about. */
export type EnrichmentKind = 'person' | 'place';

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

const LINKS = {
  person: { table: recordingPeople, column: recordingPeople.personId, labels: personLabels, labelOf: personLabels.personId, entity: people },
  place: { table: recordingPlaces, column: recordingPlaces.placeId, labels: placeLabels, labelOf: placeLabels.placeId, entity: places },
} as const;

const sameName = (a: string) => a.trim().toLowerCase();

/**
 * Everything recorded about a person or place: the transcripts of its linked recordings,
 * and the stories whose metadata names it (by its name or a label linked to it), newest
 * first, recordings before stories, until MAX_SOURCE_CHARS. Empty `texts` and no `pending`
 * recording means there is nothing to gather from.
 */
export async function enrichmentSources(db: Database, kind: EnrichmentKind, id: number): Promise<EnrichmentSources> {
  const link = LINKS[kind];
  const [entity] = await db.select({ userId: link.entity.userId, name: link.entity.name }).from(link.entity).where(eq(link.entity.id, id));
  if (!entity) return { texts: [], spoken: [], pending: 0 };

  const linkedRows = await db
    .select({ text: recordings.transcription, status: recordings.processingStatus })
    .from(recordings)
    .innerJoin(link.table, eq(link.table.recordingId, recordings.id))
    .where(eq(link.column, id))
    .orderBy(desc(recordings.createdAt));
  const linked = linkedRows.filter((r) => r.status === 'transcribed');

  const labels = await db.select({ label: link.labels.label }).from(link.labels).where(eq(link.labelOf, id));
  const names = new Set([entity.name, ...labels.map((l) => l.label)].map(sameName));
  const candidates = await db
    .select({ id: stories.id, content: stories.content, metadata: stories.metadata, createdAt: stories.createdAt })
    .from(stories)
    .where(and(eq(stories.userId, entity.userId), ne(stories.processingStatus, 'processing')))
    .orderBy(desc(stories.createdAt));
  const mentioning = candidates.filter((story) => {
    const named = kind === 'person' ? story.metadata?.people : story.metadata?.locations;
    return Boolean(story.content.trim()) && (named ?? []).some((name) => names.has(sameName(name)));
  });
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
