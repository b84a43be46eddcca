import 'dotenv/config';
import pino from 'pino';
import { createEngines } from './ai/engines.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startQueue } from './jobs/queue.ts';
import { createPipelineQueues } from './pipeline/queues.ts';
import { startPipelineWorkers } from './pipeline/workers.ts';
import { logUnhandledRejections } from './process-errors.ts';
import { scheduleOrphanSweep } from './recordings/orphan-sweeper.ts';
import { createBlobStore } from './storage/index.ts';

/** `npm run worker`: background jobs without HTTP, for scaling out on PostgreSQL. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError('npm run worker needs DATABASE_URL: the embedded database can only be opened by the server itself.');
  }
  const log = pino({ level: config.logLevel });
  logUnhandledRejections(() => log);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, log });
  const queue = await startQueue(database, log);
  await createPipelineQueues(queue);
  const engines = createEngines({
    openaiApiKey: config.openai.apiKey,
    openaiBaseUrl: config.openai.baseUrl,
    modelsDir: config.modelsDir,
    threads: config.aiThreads,
    log: (level, message) => log[level](message),
  });
  const store = createBlobStore(config);
  const workers = await startPipelineWorkers({ db: database.db, store, queue, engines, log }, { recoverInterrupted: false });
  const sweeper = scheduleOrphanSweep(database.db, store, log);
  log.info(`Saaga worker running (AI: ${engines.summary})`);

  const shutdown = async () => {
    sweeper.stop();
    await workers.stop();
    await queue.stop({ graceful: true, wait: true, timeout: 10_000 });
    await engines.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
