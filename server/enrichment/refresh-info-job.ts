import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { personEnrichedInfoSchema, placeEnrichedInfoSchema } from '../../contract/enriched-info.ts';
import { toLanguage } from '../../contract/languages.ts';
import { AiError } from '../ai/errors.ts';
import { TranscriptVocabulary, words } from '../ai/grounding.ts';
import { people, places } from '../db/schema.ts';
import { defineJob } from '../jobs/job.ts';
import type { PipelineContext } from '../pipeline/context.ts';
import { type EnrichmentKind, enrichmentSources } from './sources.ts';

export const REFRESH_INFO = 'refresh-info';

/** Why a refresh stopped with nothing to read (the recordings were deleted meanwhile). */
export const NOTHING_TO_GATHER = 'Failed to refresh information. Nothing has been recorded about it yet.';

/** How often a refresh looks again while recordings about it are still being transcribed. */
const WAIT_FOR_TRANSCRIPTS_MS = 5000;

interface RefreshInfoPayload {
  kind: EnrichmentKind;
  id: number;
}

const TABLES = { person: people, place: places } as const;

/**
 * Gathers "Information gathered from recordings" for a person or place (spec 3,
 * enrichedInfo): every transcript and story about it goes to the writer, the answer is
 * checked against the contract's schema, quotes nobody said are dropped, and the profile
 * is stored whole in one update. Output that fails the schema is retried; when the tries
 * run out the old information stays and the reason is kept. Running it twice only asks
 * the writer twice; a person or place deleted meanwhile ends it.
 */
export const refreshInfoJob = defineJob<PipelineContext, RefreshInfoPayload>({
  name: REFRESH_INFO,
  payload: z.object({ kind: z.enum(['person', 'place']), id: z.number().int().positive() }),
  // Each try is a whole paid request; two more are enough for a passing failure or a bad answer.
  retry: { retries: 2, baseDelayMs: 8000, maxDelayMs: 60_000 },
  expireInSeconds: 30 * 60,
  entityOf: ({ kind, id }) => `refresh-info:${kind}:${id}`,
  async ownerOf(ctx, { kind, id }) {
    const table = TABLES[kind];
    const [row] = await ctx.db.select({ userId: table.userId }).from(table).where(eq(table.id, id));
    return row?.userId;
  },

  async run(ctx, { kind, id }, { signal }) {
    const table = TABLES[kind];
    const [row] = await ctx.db.select().from(table).where(eq(table.id, id));
    if (!row) return;
    // A refresh asked for while the previous one ran finds the flag cleared by it: it runs, and shows it.
    if (!row.enrichmentRefreshing) await ctx.db.update(table).set({ enrichmentRefreshing: true }).where(eq(table.id, id));
    const sources = await enrichmentSources(ctx.db, kind, id);
    // A recording about it still being transcribed is waited for, as long as the transcriber takes.
    if (sources.pending > 0) {
      throw new AiError('temporarily_unavailable', { retryable: true, retryAfterMs: WAIT_FOR_TRANSCRIPTS_MS, detail: `${sources.pending} recordings are still being transcribed` });
    }
    if (sources.texts.length === 0) return finish(ctx, kind, id, { enrichmentError: NOTHING_TO_GATHER });

    const language = toLanguage(row.language);
    const info =
      kind === 'person'
        ? await ctx.engines.writer.enrichPerson({
            name: row.name,
            relationship: 'relationship' in row ? row.relationship : null,
            characterization: 'characterization' in row ? row.characterization : null,
            transcripts: sources.texts,
            language,
            signal,
          })
        : await ctx.engines.writer.enrichPlace({
            name: row.name,
            type: 'type' in row ? row.type : null,
            description: 'description' in row ? row.description : null,
            transcripts: sources.texts,
            language,
            signal,
          });
    const profile = groundedProfile(kind, info, { spoken: sources.spoken, read: [row.name, ...sources.texts] });
    await finish(ctx, kind, id, { enrichedInfo: profile, enrichmentError: null });
  },

  async onFailure(ctx, { kind, id }, error) {
    await finish(ctx, kind, id, { enrichmentError: `Failed to refresh information. ${error.message}` });
  },
});

/**
 * The writer's answer as it may be stored: valid against the contract (strictly: no
 * unknown keys), no value naming someone or somewhere the sources never name, quotes only
 * when their words were spoken, and not empty. Anything else is a passing failure of the
 * writer, retried.
 */
export function groundedProfile(
  kind: EnrichmentKind,
  info: unknown,
  sources: { spoken: string[]; read: string[] },
): Record<string, unknown> {
  const schema = kind === 'person' ? personEnrichedInfoSchema.strict() : placeEnrichedInfoSchema.strict();
  const parsed = schema.safeParse(info);
  if (!parsed.success) {
    throw new AiError('processing_failed', { retryable: true, detail: `enrichedInfo does not fit its schema: ${parsed.error.message}` });
  }
  const read = new TranscriptVocabulary([...sources.read, ...sources.spoken]);
  const profile: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed.data)) {
    if (typeof value === 'string') {
      if (!namesTheUnsaid(value, read)) profile[key] = value;
    } else if (Array.isArray(value)) {
      const items = value.filter((item) => !namesTheUnsaid(item, read));
      if (items.length) profile[key] = items;
    }
  }
  if ('notableQuotes' in profile) {
    const vocabulary = new TranscriptVocabulary(sources.spoken);
    const quotes = (profile.notableQuotes as string[]).filter((quote) => wasSaid(quote, vocabulary));
    if (quotes.length) profile.notableQuotes = quotes;
    else delete profile.notableQuotes;
  }
  if (Object.keys(profile).length === 0) {
    throw new AiError('processing_failed', { retryable: true, detail: 'the writer gathered nothing from the recordings' });
  }
  return profile;
}

/**
 * Whether a text names something (a capitalised word inside a sentence) that no source
 * mentions: a name the writer made up. Sentence-initial words are not judged.
 */
function namesTheUnsaid(text: string, vocabulary: TranscriptVocabulary): boolean {
  for (const match of text.matchAll(/(?<=[^.!?:"«»\s]\s+)\p{Lu}[\p{L}'’-]+/gu)) {
    if (!words(match[0]).every((w) => vocabulary.has(w))) return true;
  }
  return false;
}

/** A quote stands when nearly all its words are in what was spoken. */
function wasSaid(quote: string, vocabulary: TranscriptVocabulary): boolean {
  const quoteWords = words(quote);
  return quoteWords.length > 0 && quoteWords.filter((w) => vocabulary.has(w)).length / quoteWords.length >= 0.8;
}

/** Ends the refresh: the new profile (whole) or the reason, in one update. */
async function finish(
  ctx: PipelineContext,
  kind: EnrichmentKind,
  id: number,
  changes: { enrichedInfo?: Record<string, unknown>; enrichmentError: string | null },
): Promise<void> {
  const table = TABLES[kind];
  await ctx.db.update(table).set({ ...changes, enrichmentRefreshing: false, updatedAt: new Date() }).where(eq(table.id, id));
}
