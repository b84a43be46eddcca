import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { toLanguage } from '../../contract/languages.ts';
import { AiError } from '../ai/errors.ts';
import type { JobContext } from '../jobs/context.ts';
import { defineJob, UNFINISHED_BATCH } from '../jobs/job.ts';
import { enrichPersonTask, enrichPlaceTask } from './enrichment-tasks.ts';
import { groundedProfile } from './grounded-profile.ts';
import { KINDS } from './kinds.ts';
import { type EnrichmentKind, enrichmentSources } from './refresh-info-sources.ts';

export const REFRESH_INFO = 'refresh-info';

/** Why a refresh stopped with nothing to read (the recordings were deleted meanwhile). */
export const NOTHING_TO_GATHER = 'Failed to refresh information. Nothing has been recorded about it yet.';

/** How often a refresh looks again while recordings about it are still being transcribed. */
const WAIT_FOR_TRANSCRIPTS_MS = 5000;

interface RefreshInfoPayload {
  kind: EnrichmentKind;
  id: number;
}

/**
 * Gathers "Information gathered from recordings" for a person or place (spec 3,
 * enrichedInfo): every transcript and story about it goes to the writer, the answer is
 * checked against the contract's schema, quotes nobody said are dropped, and the profile
 * is stored whole in one update. Output that fails the schema is retried; when the tries
 * run out the old information stays and the reason is kept. Running it twice only asks
 * the writer twice; a person or place deleted meanwhile ends it.
 */
export const refreshInfoJob = defineJob<JobContext, RefreshInfoPayload>({
  name: REFRESH_INFO,
  payload: z.object({ kind: z.enum(['person', 'place']), id: z.number().int().positive() }),
  // Each try is a whole paid request; two more are enough for a passing failure or a bad answer.
  retry: { retries: 2, baseDelayMs: 8000, maxDelayMs: 60_000 },
  expireInSeconds: 30 * 60,
  entityOf: ({ kind, id }) => `refresh-info:${kind}:${id}`,
  unfinished: askedRefreshes,
  async ownerOf(ctx, { kind, id }) {
    const table = KINDS[kind].table;
    const [row] = await ctx.db.select({ userId: table.userId }).from(table).where(eq(table.id, id));
    return row?.userId;
  },

  async run(ctx, { kind, id }, { signal }) {
    const table = KINDS[kind].table;
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
        ? await ctx.engines.writer.run(enrichPersonTask, {
            name: row.name,
            relationship: 'relationship' in row ? row.relationship : null,
            characterization: 'characterization' in row ? row.characterization : null,
            transcripts: sources.texts,
            language,
          }, { signal })
        : await ctx.engines.writer.run(enrichPlaceTask, {
            name: row.name,
            type: 'type' in row ? row.type : null,
            description: 'description' in row ? row.description : null,
            transcripts: sources.texts,
            language,
          }, { signal });
    const profile = groundedProfile(kind, info, { spoken: sources.spoken, read: [row.name, ...sources.texts] });
    await finish(ctx, kind, id, { enrichedInfo: profile, enrichmentError: null });
  },

  async onFailure(ctx, { kind, id }, error) {
    await finish(ctx, kind, id, { enrichmentError: `Failed to refresh information. ${error.message}` });
  },
});

/** Ends the refresh: the new profile (whole) or the reason, in one update. */
async function finish(
  ctx: JobContext,
  kind: EnrichmentKind,
  id: number,
  changes: { enrichedInfo?: Record<string, unknown>; enrichmentError: string | null },
): Promise<void> {
  const table = KINDS[kind].table;
  await ctx.db.update(table).set({ ...changes, enrichmentRefreshing: false, updatedAt: new Date() }).where(eq(table.id, id));
}

/** Refreshes still asked for (a person or place still marked refreshing): the job's unfinished work. */
async function askedRefreshes(ctx: JobContext): Promise<RefreshInfoPayload[]> {
  const asked = async (kind: EnrichmentKind) => {
    const table = KINDS[kind].table;
    const rows = await ctx.db.select({ id: table.id }).from(table).where(eq(table.enrichmentRefreshing, true)).orderBy(table.id).limit(UNFINISHED_BATCH);
    return rows.map(({ id }) => ({ kind, id }));
  };
  return [...(await asked('person')), ...(await asked('place'))];
}
