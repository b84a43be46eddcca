import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import { createMailer } from '../../server/email/mailer.ts';
import { familyMailSettings } from '../../server/family/mail/settings.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import type { Engines } from '../../server/ai/engines.ts';
import { aiHealth } from '../../server/ai/health.ts';
import { type Queue, startQueue } from '../../server/jobs/queue.ts';
import { createJobQueues } from '../../server/background/queues.ts';
import { type JobWorkerOptions, type JobWorkers, startJobWorkers } from '../../server/background/workers.ts';
import type { BlobStore } from '../../server/storage/index.ts';
import { localBlobStore } from '../../server/storage/local-store.ts';
import { freshDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  store: BlobStore;
  url: string;
  config: Config;
  database: DatabaseHandle;
  /** The app's job queue (to send a job as a feature would, or start workers of one's own). */
  queue: Queue;
  /**
   * What the queue and the workers logged as errors (a failed write of a job's outcome, a
   * job that failed for a reason of ours). Tests check it is empty; `close` throws if not.
   */
  backgroundErrors: string[];
  close(): Promise<void>;
}

/** The real server on a fresh database, listening on a free port of this machine. */
export interface TestAppOptions {
  clientDir?: string;
  /** With engines, the job workers run in the app as they do in production. */
  engines?: Engines;
  /** Worker settings; tests default to two workers, retries without backoff, leases left as they are at start. */
  workers?: Partial<JobWorkerOptions>;
  /** Another blob store than a fresh local folder (S3 through s3rver, say). */
  store?: BlobStore;
  /** A database that outlives this app (a restart on the same database); `close` leaves it open. */
  database?: DatabaseHandle;
  /** Shorter connection limits, for tests of requests that stall. */
  timeouts?: AppDependencies['timeouts'];
}

const describeError = (error: unknown, msg?: string) =>
  `${msg ?? 'error'}: ${error instanceof Error ? error.stack ?? error.message : JSON.stringify(error)}`;

export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const config = loadConfig({
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-cookies-0123456789',
    DATA_DIR: '/tmp/saaga-test-unused',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    ...env,
  });
  const database = options.database ?? (await freshDatabase());
  const backgroundErrors: string[] = [];
  const queue = await startQueue(database, { error: (error, msg) => backgroundErrors.push(describeError(error, msg)) });
  await createJobQueues(queue);
  const store = options.store ?? localBlobStore(mkdtempSync(path.join(tmpdir(), 'saaga-test-audio-')));
  const engines = options.engines;
  const app = await buildApp({
    config,
    database,
    queue,
    store,
    logger: false,
    clientDir: options.clientDir,
    timeouts: options.timeouts,
    engineStatus: engines ? () => aiHealth(engines) : undefined,
    engines,
  });
  let workers: JobWorkers | undefined;
  if (options.engines) {
    const log = {
      info: () => {},
      warn: () => {},
      error: (obj: object, msg?: string) => backgroundErrors.push(describeError((obj as { err?: unknown }).err ?? obj, msg)),
    };
    workers = await startJobWorkers(
      {
        db: database.db,
        store,
        queue,
        engines: options.engines,
        log,
        mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log }),
        siteOrigin: () => app.site.linksOrNull(),
        accountAudioBytes: config.uploadLimits.accountBytes,
        accountPhotoBytes: config.photoLimits.accountBytes,
        familyMail: familyMailSettings(config),
      },
      { recoverInterrupted: false, concurrency: 2, retryDelayMs: 0, ...options.workers },
    );
  }
  await app.listen({ port: 0, host: config.host });
  const address = app.server.address();
  const url = `http://${config.host}:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    store,
    url,
    config,
    database,
    queue,
    backgroundErrors,
    async close() {
      await workers?.stop();
      await app.close();
      await queue.stop({ graceful: false, wait: true });
      await options.engines?.close();
      if (!options.database) await database.close();
      if (backgroundErrors.length > 0) throw new Error(`background work logged errors:\n${backgroundErrors.join('\n')}`);
    },
  };
}

export interface SecondServer {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/**
 * Another API server on the first one's database and store, as behind a load balancer;
 * `env` changes its settings (its own session cache, say). Background errors go to the first's list.
 */
export async function startSecondServer(first: TestApp, env: Record<string, string> = {}): Promise<SecondServer> {
  const config = loadConfig({ SESSION_SECRET: first.config.sessionSecret, DATA_DIR: '/tmp/saaga-test-unused', LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...env });
  const queue = await startQueue(first.database, { error: (error, msg) => first.backgroundErrors.push(describeError(error, msg)) });
  const app = await buildApp({ config, database: first.database, queue, store: first.store, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    app,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    async close() {
      await app.close();
      await queue.stop({ graceful: false, wait: true });
    },
  };
}
