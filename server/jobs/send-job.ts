import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { JobDefinition } from './job.ts';
import type { Queue } from './queue.ts';
import { bellOf } from './wake.ts';

/** A database transaction, as `db.transaction` hands it to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface SendOptions {
  /** Spent retries the job carries (0 for a new job). */
  attempt?: number;
  startAfter?: Date;
  /** Send inside this transaction: the job exists exactly when the transaction commits. */
  within?: Transaction;
}

const attemptSchema = z.number().int().min(0).catch(0);

/** The spent retries a job's data carries beside its payload. */
export function attemptOf(data: unknown): number {
  return attemptSchema.parse((data as { attempt?: unknown } | null)?.attempt);
}

/**
 * Queues a job after checking its payload, and returns its id. While a job with the same
 * key waits, sending another does nothing and returns null (pg-boss's `short` queue
 * policy), so recovery and retries may send freely without doubling work. A job due now
 * wakes an idle worker (wake.ts): at once, or when `within` commits.
 */
export async function sendJob<P>(
  queue: Queue,
  job: Pick<JobDefinition<unknown, P>, 'name' | 'payload' | 'entityOf' | 'queueKeyOf'>,
  payload: P,
  options: SendOptions = {},
): Promise<string | null> {
  const data = { ...(job.payload.parse(payload) as object), attempt: options.attempt ?? 0 };
  const id = await queue.send(job.name, data, {
    singletonKey: (job.queueKeyOf ?? job.entityOf)(payload),
    ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    ...(options.within ? { db: executorIn(options.within) } : {}),
  });
  // A job for later is left to the poll: waking a worker for it would find nothing.
  const bell = bellOf(queue);
  if (id !== null && bell && !(options.startAfter && options.startAfter.getTime() > Date.now())) {
    if (options.within) await bell.rangWithin(job.name, options.within);
    else await bell.rang(job.name);
  }
  return id;
}

/**
 * pg-boss's `db` option on a Drizzle transaction: its statements, with `$1`-style
 * parameters, run on the transaction's connection.
 */
function executorIn(tx: Transaction) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`));
      const result = await tx.execute(sql.join(chunks));
      return { rows: (result as { rows: unknown[] }).rows };
    },
  };
}
