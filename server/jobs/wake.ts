import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db/client.ts';
import type { Subscription } from '../db/notifications.ts';

/** The PostgreSQL channel on which a sent job wakes the workers of other processes. */
export const JOB_CHANNEL = 'saaga_jobs';

/** What may run `pg_notify` inside the sender's transaction. */
type InTransaction = Pick<Database, 'execute'>;
/** Told a queue's name when a job may wait there; undefined when anything may wait (after a lost connection). */
export type WakeListener = (name: string | undefined) => void;
interface WakeLog {
  error(obj: unknown, msg?: string): void;
}

/**
 * Wakes idle job runners when a job is sent, so a job starts at once instead of at the next
 * poll. Within the process the runners are called directly. On PostgreSQL every send also
 * NOTIFYs the other processes (API servers with WORKER=off send, `npm run worker`s run),
 * which hear it on their one LISTEN connection (server/db/notifications.ts). A lost
 * notification costs only time: the runners still poll (decision 025). One bell per
 * database, shared by every queue opened on it.
 */
export class JobBell {
  private readonly listeners = new Set<WakeListener>();
  /** Tags this process's own notifications, which it has already rung directly. */
  private readonly sender = randomBytes(6).toString('hex');
  private subscription: Subscription | undefined;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'kind' | 'executor' | 'listen'>,
    private readonly log: WakeLog,
  ) {}

  /** Calls `listener` whenever a job may wait; on PostgreSQL that includes other processes' jobs. */
  listen(listener: WakeListener): Subscription {
    this.listeners.add(listener);
    const ready = this.database.kind === 'postgres' ? this.hearOtherProcesses() : Promise.resolve();
    return {
      ready,
      stop: async () => {
        this.listeners.delete(listener);
        if (this.listeners.size > 0) return;
        const subscription = this.subscription;
        this.subscription = undefined;
        await subscription?.stop();
      },
    };
  }

  /** A job was sent outside any transaction: it can be fetched now. */
  async rang(name: string): Promise<void> {
    this.call(name);
    if (this.database.kind !== 'postgres') return;
    try {
      await this.database.executor.executeSql('select pg_notify($1, $2)', [JOB_CHANNEL, `${name} ${this.sender}`]);
    } catch (error) {
      // The job is queued all the same; other processes find it at their next poll.
      this.log.error(error, `job wake-ups: could not notify other processes of ${name}`);
    }
  }

  /**
   * A job was sent inside `tx`: it can be fetched once the transaction commits. PostgreSQL
   * delivers a NOTIFY made in a transaction at its commit, to this process as well. The
   * embedded database runs one statement at a time and a runner's fetch waits for the open
   * transaction, so there the runners are called at once.
   */
  async rangWithin(name: string, tx: InTransaction): Promise<void> {
    if (this.database.kind !== 'postgres') return this.call(name);
    await tx.execute(sql`select pg_notify(${JOB_CHANNEL}, ${name})`);
  }

  private call(name: string | undefined): void {
    for (const listener of this.listeners) listener(name);
  }

  /** One subscription for every runner; while it is lost, jobs from other processes wait for the poll. */
  private hearOtherProcesses(): Promise<void> {
    this.subscription ??= this.database.listen(JOB_CHANNEL, {
      message: (payload) => {
        const [name, sender] = payload.split(' ');
        if (sender !== this.sender) this.call(name || undefined);
      },
      // Anything sent meanwhile was not heard: look once it listens again.
      back: () => this.call(undefined),
    });
    return this.subscription.ready;
  }
}

const bells = new WeakMap<object, JobBell>();

/** The bell of a database (made on first use), shared by every queue on it. */
export function jobBellFor(database: DatabaseHandle, log: WakeLog): JobBell {
  let bell = bells.get(database);
  if (!bell) {
    bell = new JobBell(database, log);
    bells.set(database, bell);
  }
  return bell;
}

const queueBells = new WeakMap<object, JobBell>();

/** Rings `bell` for every job sent through `queue` (startQueue does this). */
export function ringsOn(queue: object, bell: JobBell): void {
  queueBells.set(queue, bell);
}

/** The bell a queue rings, if any: a queue made elsewhere leaves its runners to the poll. */
export function bellOf(queue: object): JobBell | undefined {
  return queueBells.get(queue);
}
