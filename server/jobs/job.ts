import type { z } from 'zod';
import type { AiError } from '../ai/errors.ts';
import type { RetryPolicy } from './retry-policy.ts';

/** What a running job is told besides its payload. */
export interface JobRun {
  /** 0 for the first try; retries count up, waits for a rate limit do not. */
  attempt: number;
  /** Aborted when the worker stops: the job is left to be taken over. */
  signal: AbortSignal;
}

/**
 * One kind of background job in one place: its queue name, zod payload, retry policy and
 * handler. The runner (runner.ts) does the rest: fetching, fair shares between users,
 * one job per entity at a time, retries and waits, and recording the outcome.
 */
export interface JobDefinition<Ctx, P> {
  name: string;
  payload: z.ZodType<P>;
  retry: RetryPolicy;
  /** The queue library marks a job that runs longer than this as failed (recovery takes over). */
  expireInSeconds: number;
  /** The entity the job works on (`recording:12`): one job at a time holds its lease. */
  entityOf(payload: P): string;
  /** One waiting job per key: sending another while one waits does nothing. Defaults to entityOf. */
  queueKeyOf?(payload: P): string;
  /** Whose job it is, for sharing the workers fairly; undefined when the entity is gone. */
  ownerOf(ctx: Ctx, payload: P): Promise<string | undefined>;
  /** Does the work. Idempotent, and keeps finished steps; throws to be retried, delayed or failed. */
  run(ctx: Ctx, payload: P, run: JobRun): Promise<void>;
  /** The job waits for the provider before its next try: what the person sees meanwhile. */
  onDelay?(ctx: Ctx, payload: P): Promise<void>;
  /** The job failed for good: leaves its entity in a clear failed state. */
  onFailure(ctx: Ctx, payload: P, error: AiError): Promise<void>;
  /**
   * The work of this kind its entities still say is unfinished (a step cut off by a crash,
   * or left between two steps), read from the app's own tables, at most
   * `UNFINISHED_BATCH` rows of each table a time: the payloads to queue again. The one
   * recovery pass (background/recovery.ts) skips those a live job holds and sends the rest.
   */
  unfinished?(ctx: Ctx): Promise<P[]>;
}

/** How many unfinished rows of one table a recovery pass looks at; the next pass takes the rest. */
export const UNFINISHED_BATCH = 500;

/** Declares a job (an identity function that checks the definition's types). */
export function defineJob<Ctx, P>(definition: JobDefinition<Ctx, P>): JobDefinition<Ctx, P> {
  return definition;
}
