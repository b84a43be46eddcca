import 'dotenv/config';
import pino from 'pino';
import { createEngines } from './ai/engines.ts';
import { createJobQueues } from './background/queues.ts';
import { closeAfterJobs, startBackground } from './background/start.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createMailer } from './email/mailer.ts';
import { familyMailSettings } from './family/mail/settings.ts';
import { originWithoutServer } from './http/site-origin.ts';
import { startQueue } from './jobs/queue.ts';
import { logUnhandledRejections } from './process-errors.ts';
import { startGraceClock } from './shutdown-grace.ts';
import { createBlobStore } from './storage/index.ts';
import { sweepStaleTempFolders } from './storage/temp-folders.ts';

/** `npm run worker`: background jobs without HTTP, for scaling out on PostgreSQL. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError('npm run worker needs DATABASE_URL: the embedded database can only be opened by the server itself.');
  }
  const log = pino({ level: config.logLevel });
  logUnhandledRejections(() => log);
  // Decodes and copies a killed process left in the temporary directory.
  const swept = sweepStaleTempFolders({ atStart: true });
  if (swept) log.warn(`removed ${swept} temporary folders a stopped process left`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, log });
  const queue = await startQueue(database, log);
  await createJobQueues(queue);
  const engines = createEngines({
    openaiApiKey: config.openai.apiKey,
    openaiBaseUrl: config.openai.baseUrl,
    modelsDir: config.modelsDir,
    threads: config.aiThreads,
    log: (level, message) => log[level](message),
  });
  const store = createBlobStore(config);
  // No HTTP server here: links in e-mail need PUBLIC_URL (decision 027).
  const origin = originWithoutServer(config);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log });
  const background = await startBackground({ db: database.db, store, queue, engines, log, mailer, siteOrigin: () => origin, accountAudioBytes: config.uploadLimits.accountBytes, accountPhotoBytes: config.photoLimits.accountBytes, familyMail: familyMailSettings(config) }, { recoverInterrupted: false });
  log.info(`Saaga worker running (AI: ${engines.summary})`);

  const shutdown = async (signal: string) => {
    log.info(`${signal}: shutting down`);
    // Within the grace period, or cut off: a job cut off is taken over by another worker or after the restart.
    const grace = startGraceClock(config.shutdownGraceMs, () => {
      log.warn(`${signal}: work still running after ${config.shutdownGraceMs} ms is cut off; it is taken over later`);
      process.exit(1);
    });
    await closeAfterJobs(grace, background.stop(), { queue, engines, database });
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
