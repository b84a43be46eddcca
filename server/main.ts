import 'dotenv/config';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startQueue } from './jobs/queue.ts';
import { createBlobStore } from './storage/index.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts Saaga: configuration, database and migrations, queue, HTTP server. */
async function main() {
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

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const queue = await startQueue(database, console);
  const store = createBlobStore(config);
  const app = await buildApp({ config, database, queue, store, clientDir: path.join(rootDir, 'dist', 'client') });

  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await queue.stop({ graceful: true, wait: true, timeout: 10_000 });
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Saaga is running at ${config.publicUrl ?? `http://localhost:${config.port}`} (database: ${database.kind}, sign-in: ${
      config.providers.map((p) => p.id).join(', ') || 'local accounts'
    })`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
