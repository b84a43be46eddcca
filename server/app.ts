import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAuthentication } from './auth/authenticate.ts';
import { authRoutes } from './auth/routes.ts';
import { sessionStore } from './auth/sessions.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { type ComponentStatus, healthRoutes } from './health/routes.ts';
import { createMailer } from './email/mailer.ts';
import { emailRoutes } from './email/routes.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import type { Queue } from './jobs/queue.ts';
import { createPipelineQueues } from './pipeline/queues.ts';
import { recordingRoutes } from './recordings/routes.ts';
import type { BlobStore } from './storage/index.ts';
import { storyRoutes } from './stories/routes.ts';
import { peopleRoutes } from './people/routes.ts';
import { placeRoutes } from './places/routes.ts';
import { timelineRoutes } from './timeline/routes.ts';

/** JSON bodies are small; audio comes as multipart with its own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;
const SESSION_PURGE_MS = 6 * 60 * 60 * 1000;

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  queue: Queue;
  store: BlobStore;
  /** Folder of the built client; unset in API tests. */
  clientDir?: string;
  engineStatus?: () => Promise<ComponentStatus[]>;
  logger?: boolean | object;
}

/** Builds the HTTP server with every route; `listen` is the caller's. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    // Forwarded headers are believed only behind a proxy: otherwise anyone could pick the
    // address the login rate limit counts.
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerSecurityHeaders(app, { publicUrl: config.publicUrl });

  await app.register(cookie, { secret: config.sessionSecret });
  const sessions = sessionStore(database.db, config.sessionDays);
  // Expired sessions are refused on sight; this only keeps the table small.
  const purge = setInterval(() => void sessions.deleteExpired().catch((error) => app.log.warn(error)), SESSION_PURGE_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  registerOriginCheck(app, config.publicUrl);
  registerAuthentication(app, sessions);

  await app.register(multipart);
  await createPipelineQueues(deps.queue);

  await app.register(authRoutes, { config, db: database.db, sessions });
  await app.register(recordingRoutes, { db: database.db, store: deps.store, queue: deps.queue });
  await app.register(storyRoutes, { db: database.db, store: deps.store, queue: deps.queue });
  await app.register(timelineRoutes, { db: database.db });
  await app.register(peopleRoutes, { db: database.db });
  await app.register(placeRoutes, { db: database.db });
  await app.register(emailRoutes, { mailer: createMailer(config.smtpUrl, config.mailFrom) });
  await app.register(healthRoutes, { database, queue: deps.queue, engines: deps.engineStatus });
  await registerSpa(app, deps.clientDir);
  return app;
}
