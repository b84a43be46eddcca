import 'dotenv/config';
import path from 'node:path';
import { createEngines } from './ai/engines.ts';
import { aiHealth } from './ai/health.ts';
import { buildApp } from './app.ts';
import { createJobQueues } from './background/queues.ts';
import { type Background, closeAfterJobs, startBackground } from './background/start.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createMailer } from './email/mailer.ts';
import { familyMailSettings } from './family/mail/settings.ts';
import { startQueue } from './jobs/queue.ts';
import { ensureModelsInBackground } from './models/background.ts';
import { logUnhandledRejections, type ProcessLog } from './process-errors.ts';
import { REPO_ROOT } from './repo-root.ts';
import { startGraceClock } from './shutdown-grace.ts';
import { createBlobStore } from './storage/index.ts';
import { sweepStaleTempFolders } from './storage/temp-folders.ts';

/** The share of the grace period requests in flight get before their connections are closed. */
const REQUESTS_SHARE = 0.6;
/**
 * How long after listening the background work starts. Its first pass (a fetch per job
 * queue, the unfinished work) holds PGlite for 0.2-0.4 s, and the first requests of a
 * start waited behind it (decision 024). Jobs waiting since before the start wait a second more.
 */
const BACKGROUND_START_DELAY_MS = 1_000;

/** Starts Saaga: configuration, database and migrations, queue, AI engines, workers, HTTP server. */
async function main() {
  // Console until the app's logger exists.
  let log: ProcessLog & { warn(detail: unknown, message?: string): void } = console;
  logUnhandledRejections(() => log);

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Uploads and decodes a killed process left in the temporary directory (up to 60 MiB each).
  const swept = sweepStaleTempFolders({ atStart: true });
  if (swept) log.warn(`removed ${swept} temporary folders a stopped process left`);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log: { warn: (detail, message) => log.warn(detail, message) },
  });
  const queue = await startQueue(database, { error: (detail, message) => log.error(detail, message) });
  await createJobQueues(queue);
  const store = createBlobStore(config);
  const engines = createEngines({
    openaiApiKey: config.openai.apiKey,
    openaiBaseUrl: config.openai.baseUrl,
    modelsDir: config.modelsDir,
    threads: config.aiThreads,
    log: (level, message) => console[level === 'info' ? 'log' : level](message),
  });
  // The first start with no key and no models fetches them while the app already runs.
  const download = ensureModelsInBackground({
    modelsDir: config.modelsDir,
    openaiApiKey: config.openai.apiKey,
    log: (level, message) => console[level === 'info' ? 'log' : level](message),
  });
  const app = await buildApp({
    config,
    database,
    queue,
    store,
    clientDir: path.join(REPO_ROOT, 'dist', 'client'),
    engineStatus: () => aiHealth(engines, download),
    engines,
  });
  log = app.log;
  // The background work starts a moment after the server listens (below).
  let background: Promise<Background | undefined> = Promise.resolve(undefined);
  let stopping = false;
  const startWhenServing = async () => {
    await new Promise((resolve) => setTimeout(resolve, BACKGROUND_START_DELAY_MS));
    if (!config.runWorkerInline || stopping) return undefined;
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
    const siteOrigin = () => app.site.linksOrNull();
    return startBackground({ db: database.db, store, queue, engines, log: app.log, mailer, siteOrigin, accountAudioBytes: config.uploadLimits.accountBytes, accountPhotoBytes: config.photoLimits.accountBytes, familyMail: familyMailSettings(config) }, { recoverInterrupted: database.kind === 'pglite' });
  };

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    stopping = true;
    download?.cancel();
    // Within the grace period, or cut off: an orchestrator kills a process that takes longer.
    const grace = startGraceClock(config.shutdownGraceMs, () => {
      app.log.warn(`${signal}: work still running after ${config.shutdownGraceMs} ms is cut off; it is taken again after the restart`);
      process.exit(1);
    });
    // The jobs are aborted at once (a voice detection stops between its spans) while requests
    // in flight (a slow upload, audio to a slow listener) get most of the grace, then their
    // connections are closed. A start still under way finishes first, so that what it started is stopped too.
    const jobs = background.catch(() => undefined).then((started) => started?.stop());
    const cutOff = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs * REQUESTS_SHARE);
    await app.close();
    clearTimeout(cutOff);
    await closeAfterJobs(grace, jobs, { queue, engines, database });
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const site = app.site;
  app.log.info(
    `Saaga is running at ${site.linksOrNull() ?? `${config.host}:${config.port}`} (database: ${database.kind}, sign-in: ${
      config.providers.map((p) => p.id).join(', ') || 'local accounts'
    }, AI: ${engines.summary})`,
  );
  // Where e-mailed and shared links point, decided once here; without PUBLIC_URL on a public interface, why there are none.
  if (site.knowsLinks()) app.log.info(`Site address: ${site.describe()}`);
  else app.log.warn(`Site address unknown: ${site.describe()}`);
  background = startWhenServing();
  await background;
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
