import type { Database } from '../db/client.ts';
import { AiError } from '../ai/errors.ts';
import type { JobDefinition } from './job.ts';
import { LEASE_MS, releaseLease, renewLease, takeLease } from './leases.ts';
import type { Queue } from './queue.ts';
import { type Outcome, outcomeOf } from './retry-policy.ts';
import { attemptOf, sendJob } from './send-job.ts';
import { bellOf } from './wake.ts';

export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobRunnerOptions {
  /** Jobs running at once in this process. */
  concurrency: number;
  /** How often an idle worker looks for work that no wake-up announced (wake.ts). */
  pollIntervalMs: number;
  /** Replaces every policy's backoff between retries (tests retry at once). */
  retryDelayMs?: number;
  log: JobLog;
}

export interface JobRunner {
  /** Resolves once the runner hears wake-ups from other processes as well (PostgreSQL's LISTEN). */
  listening: Promise<void>;
  /** Workers waiting for a wake-up or the next poll. */
  idleWorkers(): number;
  /** Stops taking jobs, aborts the running ones (they are taken over later) and waits for the workers. */
  stop(): Promise<void>;
}

// Any job type: the runner only passes payloads from a definition's schema back to it.
type AnyJob<Ctx> = JobDefinition<Ctx, any>;
interface Fetched { id: string; data: unknown }

/** How long a job waits when its user already has their fair share of the workers. */
const FAIR_SHARE_WAIT_MS = 1000;

/**
 * Runs jobs from the queues of `jobs` (tried in that order) on `concurrency` workers.
 * Fair: one user's jobs never take the last free worker, so another user's job can
 * always start. One job per entity at a time (a lease, renewed while it runs). Every
 * retry and wait happens here (retry-policy.ts), and every call that records an outcome
 * is awaited and its failure logged: the runner keeps going when the database does not.
 * An idle worker sleeps until a job is sent (the queue's bell, wake.ts) or the poll.
 */
export function startJobRunner<Ctx extends { db: Database }>(queue: Queue, ctx: Ctx, jobs: readonly AnyJob<Ctx>[], options: JobRunnerOptions): JobRunner {
  const { log } = options;
  const fairShare = Math.max(1, options.concurrency - 1);
  const runningPerUser = new Map<string, number>();
  const running = new Set<AbortController>();
  let stopping = false;
  const workerCount = Math.max(1, options.concurrency);

  // Sleeping workers, first asleep first woken. A wake-up with nobody asleep is kept (up to
  // one per worker): a worker whose fetch just missed the new job looks again instead of sleeping.
  const sleepers: (() => void)[] = [];
  let keptWakeups = 0;
  const wakeOne = () => {
    const sleeper = sleepers.shift();
    if (sleeper) sleeper();
    else keptWakeups = Math.min(workerCount, keptWakeups + 1);
  };
  const names = new Set(jobs.map((job) => job.name));
  const subscription = bellOf(queue)?.listen((name) => {
    if (name === undefined || names.has(name)) wakeOne();
  });
  const listening = subscription?.ready ?? Promise.resolve();
  listening.catch(() => {}); // Logged by the bell; the poll goes on.

  function idleWait(): Promise<void> {
    if (keptWakeups > 0) {
      keptWakeups -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        const at = sleepers.indexOf(wake);
        if (at >= 0) sleepers.splice(at, 1);
        resolve();
      };
      const timer = setTimeout(wake, options.pollIntervalMs);
      sleepers.push(wake);
    });
  }

  /** Runs a call that records an outcome; a failure is logged, never thrown (nor left unhandled). */
  async function settle(what: string, job: Fetched, call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
    } catch (error) {
      log.error({ jobId: job.id, err: error }, `job queue: could not ${what}`);
    }
  }

  async function nextJob(): Promise<{ definition: AnyJob<Ctx>; job: Fetched } | undefined> {
    for (const definition of jobs) {
      const [job] = await queue.fetch<unknown>(definition.name, { batchSize: 1 });
      if (job) return { definition, job };
    }
    return undefined;
  }

  async function sendAgain(definition: AnyJob<Ctx>, job: Fetched, payload: unknown, attempt: number, afterMs: number, why: string) {
    await settle(`queue ${definition.name} again`, job, () =>
      sendJob(queue, definition, payload, { attempt, startAfter: new Date(Date.now() + afterMs) }));
    await settle(`complete ${definition.name}`, job, () => queue.complete(definition.name, job.id, { then: why }));
  }

  /** Runs one job to its outcome; 'passed on' when it was queued again without running. */
  async function run(definition: AnyJob<Ctx>, job: Fetched): Promise<'ran' | 'passed on'> {
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) {
      log.error({ jobId: job.id, data: job.data, err: parsed.error.message }, `job queue: ${definition.name} payload does not fit its schema`);
      await settle(`fail ${definition.name}`, job, () => queue.fail(definition.name, job.id, { message: 'payload does not fit its schema' }));
      return 'ran';
    }
    const payload = parsed.data;
    const attempt = attemptOf(job.data);
    const owner = await definition.ownerOf(ctx, payload);
    if (owner !== undefined && (runningPerUser.get(owner) ?? 0) >= fairShare) {
      await sendAgain(definition, job, payload, attempt, FAIR_SHARE_WAIT_MS, 'waits for its fair share');
      return 'passed on';
    }
    // The share is counted before anything else is awaited: another worker checking the
    // same user meanwhile must see it taken.
    if (owner !== undefined) runningPerUser.set(owner, (runningPerUser.get(owner) ?? 0) + 1);
    const leaveShare = () => {
      if (owner !== undefined) runningPerUser.set(owner, (runningPerUser.get(owner) ?? 1) - 1);
    };
    const entity = definition.entityOf(payload);
    let leased: boolean;
    try {
      leased = await takeLease(ctx.db, entity, job.id);
    } catch (error) {
      leaveShare();
      throw error;
    }
    if (!leased) {
      leaveShare();
      // Another job is on this entity now (a duplicate sent by recovery): look again later.
      await sendAgain(definition, job, payload, attempt, LEASE_MS / 3, `${entity} is busy`);
      return 'passed on';
    }

    const controller = new AbortController();
    running.add(controller);
    const heartbeat = setInterval(() => {
      renewLease(ctx.db, entity, job.id).catch((error: unknown) => log.error({ jobId: job.id, err: error }, `job queue: could not renew ${entity}`));
    }, LEASE_MS / 3);
    let outcome: Outcome | undefined;
    try {
      await definition.run(ctx, payload, { attempt, signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) {
        log.warn({ jobId: job.id, entity }, `${definition.name} stopped with the worker; it is taken over after the restart`);
        return 'ran';
      }
      outcome = outcomeOf(error, attempt, definition.retry);
      await recordOutcome(definition, job, payload, outcome, error);
    } finally {
      clearInterval(heartbeat);
      running.delete(controller);
      leaveShare();
      if (!controller.signal.aborted) await settle(`release ${entity}`, job, () => releaseLease(ctx.db, entity, job.id));
    }

    // The lease is free before the next try is queued, so that try can take it at once.
    if (!outcome) await settle(`complete ${definition.name}`, job, () => queue.complete(definition.name, job.id));
    else if (outcome.kind === 'delay') await sendAgain(definition, job, payload, attempt, outcome.ms, `waits ${outcome.ms} ms`);
    else if (outcome.kind === 'retry') await sendAgain(definition, job, payload, attempt + 1, options.retryDelayMs ?? outcome.ms, `retry ${attempt + 1}`);
    else await settle(`fail ${definition.name}`, job, () => queue.fail(definition.name, job.id, { message: outcome.error.describe() }));
    return 'ran';
  }

  /** While the job still holds its entity: what the person sees during a wait, or after the failure. */
  async function recordOutcome(definition: AnyJob<Ctx>, job: Fetched, payload: unknown, outcome: Outcome, error: unknown) {
    const about = { jobId: job.id, entity: definition.entityOf(payload) };
    if (outcome.kind === 'fail') {
      // A failure with no catalogue code of its own is a fault of ours, not of the provider or the audio.
      const level = error instanceof AiError ? 'warn' : 'error';
      log[level]({ ...about, err: outcome.error.describe() }, `${definition.name} failed`);
      await settle(`record the failure of ${definition.name}`, job, () => definition.onFailure(ctx, payload, outcome.error));
      return;
    }
    log.warn({ ...about, err: error instanceof AiError ? error.describe() : String(error) }, `${definition.name} will ${outcome.kind === 'delay' ? 'wait' : 'retry'}`);
    if (outcome.kind === 'delay' && definition.onDelay) {
      await settle(`record the wait of ${definition.name}`, job, () => definition.onDelay!(ctx, payload));
    }
  }

  async function worker(): Promise<void> {
    while (!stopping) {
      let ran = false;
      try {
        const next = await nextJob();
        if (next) ran = (await run(next.definition, next.job)) === 'ran';
      } catch (error) {
        // The database failed under the runner itself: the job stays active and recovery takes it over.
        log.error({ err: error }, 'job queue: a worker could not go on with its job');
      }
      // Look again at once after a job; otherwise wait, so passing jobs on never spins.
      if (!ran && !stopping) await idleWait();
    }
  }

  const workers = Array.from({ length: workerCount }, () => worker());
  return {
    listening,
    idleWorkers: () => sleepers.length,
    async stop() {
      stopping = true;
      for (const wake of [...sleepers]) wake();
      for (const controller of running) controller.abort();
      await Promise.all(workers);
      await subscription?.stop();
    },
  };
}
