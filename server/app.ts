import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { recordRoutes, type RouteEntry } from './access/route-table.ts';
import { linkScope } from './access/link-scope.ts';
import { readerScope } from './access/reader-scope.ts';
import { signedInScope } from './access/signed-in-scope.ts';
import type { Engines } from './ai/engines.ts';
import { accountDeletionRoutes } from './account-deletion/routes.ts';
import { archiveImportRoutes } from './archive/import/routes.ts';
import { accountRoutes } from './auth/account-routes.ts';
import { emailVerificationRoutes, verificationResendRoutes } from './auth/email-verification-routes.ts';
import { registerAuthentication } from './auth/authenticate.ts';
import { passwordResetRoutes } from './auth/password-reset-routes.ts';
import { sessionStore } from './auth/sessions.ts';
import { signInRoutes } from './auth/sign-in-routes.ts';
import { archiveExportRoutes } from './archive/export/routes.ts';
import { autobiographyRoutes } from './autobiography/routes.ts';
import { printRoutes } from './autobiography/print/routes.ts';
import { chapterRoutes } from './chapters/routes.ts';
import { resolveLinkHolder } from './co-author/link-actor.ts';
import { coAuthorLinkRoutes } from './co-author/link-routes.ts';
import { coAuthorRoutes } from './co-author/routes.ts';
import { conversationRoutes } from './conversation/routes.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createMailer } from './email/mailer.ts';
import { emailRoutes } from './auth/welcome-email-routes.ts';
import { followUpRoutes } from './follow-ups/routes.ts';
import { familyCircleRoutes } from './family/circle-routes.ts';
import { familyJoinRoutes } from './family/join-routes.ts';
import { familyMailPublicRoutes, familyMailRoutes } from './family/mail/routes.ts';
import { readerResolver } from './family/reader-resolver.ts';
import { ownerResponseRoutes, readerResponseRoutes } from './family/responses-routes.ts';
import { familyClaimRoutes, familyReaderRoutes } from './family/reader-routes.ts';
import { familyReadingRoutes } from './family/reading/routes.ts';
import { engineRoutes } from './health/engine-routes.ts';
import { type ComponentStatus, healthRoutes } from './health/routes.ts';
import { interviewerRoutes } from './interviewer/routes.ts';
import { listeningLinkOwnerRoutes, listeningLinkRoutes } from './listening-links/routes.ts';
import { limitConnections } from './http/connection-limits.ts';
import { compressAnswers } from './http/compression.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { rateLimitCounters } from './http/rate-limit/counters.ts';
import { registerRateLimits } from './http/rate-limit/index.ts';
import { OneLinePerRequest } from './http/request-log.ts';
import { registerStorableTextRule } from './http/storable-text.ts';
import { siteOriginOf } from './http/site-origin.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';
import type { Queue } from './jobs/queue.ts';
import { realtimeRoutes } from './live/realtime-routes.ts';
import { liveSlots } from './live/slots.ts';
import { liveSocketRoutes, registerWebSockets } from './live/socket-routes.ts';
import { peopleAndPlacesRoutes } from './people-and-places/routes.ts';
import { photoQuotas } from './photos/photo-quota.ts';
import { photoRoutes } from './photos/routes.ts';
import { publicStoryRoutes } from './publishing/public-routes.ts';
import { keepOwnerReads, ownerReadCache } from './read-cache/keep-owner-reads.ts';
import { publishingRoutes } from './publishing/routes.ts';
import { personPlaceRecordingRoutes } from './recordings/person-place-recordings.ts';
import { recordingRoutes } from './recordings/routes.ts';
import { resumableRecordingRoutes } from './recordings/resumable/routes.ts';
import { voiceRoutes } from './voice/routes.ts';
import { uploadQuotas } from './recordings/upload-quota.ts';
import type { BlobStore } from './storage/index.ts';
import { searchRoutes } from './search/routes.ts';
import { storyRoutes } from './stories/routes.ts';
import { timelineRoutes } from './timeline/routes.ts';
import { usageRoutes } from './usage/routes.ts';

/** JSON bodies are small; audio comes as multipart with its own limit. */
const JSON_BODY_LIMIT = 1024 * 1024;
const SESSION_PURGE_MS = 6 * 60 * 60 * 1000;

/** How long a client may send nothing while its request is arriving: an upload that stalls does not hold a socket for good. */
export const IDLE_CONNECTION_MS = 60_000;
/** The longest a whole request may take to arrive: a 60 MB upload at about 1 Mbit/s. */
export const REQUEST_RECEIVE_MS = 10 * 60_000;
/** Once a request is in, how long its work and answer may go without progress (a two-hour decode fits). */
export const SERVER_WORK_MS = 10 * 60_000;

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** The job queue, its queues created already (background/queues.ts createJobQueues). */
  queue: Queue;
  store: BlobStore;
  /** Folder of the built client; unset in API tests. */
  clientDir?: string;
  engineStatus?: () => Promise<ComponentStatus[]>;
  /** The AI engines, for work done while the person waits (live text, a spoken interview); unset in most API tests. */
  engines?: Engines;
  logger?: boolean | object;
  /** Shorter connection limits for tests of stalled requests. */
  timeouts?: { idleConnectionMs?: number; requestReceiveMs?: number; serverWorkMs?: number };
}

/** Builds the HTTP server with every route; `listen` is the caller's. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const db = database.db;
  const idleConnectionMs = deps.timeouts?.idleConnectionMs ?? IDLE_CONNECTION_MS;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    logController: new OneLinePerRequest(),
    bodyLimit: JSON_BODY_LIMIT,
    connectionTimeout: idleConnectionMs,
    requestTimeout: deps.timeouts?.requestReceiveMs ?? REQUEST_RECEIVE_MS,
    // Forwarded headers are believed only behind a proxy: otherwise anyone could pick the
    // address the login rate limit counts.
    trustProxy: config.trustProxy,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  limitConnections(app, { idleMs: idleConnectionMs, workMs: deps.timeouts?.serverWorkMs ?? SERVER_WORK_MS });
  // Where this site is: PUBLIC_URL, or the loopback address it listens on; never a request's Host (decision 027).
  const site = siteOriginOf(config, () => app.server.address());
  app.decorate('site', site);
  registerSecurityHeaders(app, site);

  await app.register(cookie, { secret: config.sessionSecret });
  const sessions = sessionStore(db, config.sessionDays, config.sessionCache);
  // Expired sessions are refused on sight; this only keeps the table small.
  const purge = setInterval(() => void sessions.deleteExpired().catch((error) => app.log.warn(error)), SESSION_PURGE_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
  registerOriginCheck(app, site);
  registerAuthentication(app, sessions);
  const counters = rateLimitCounters(db);
  await registerRateLimits(app, counters);
  registerStorableTextRule(app);

  await app.register(multipart);
  await registerWebSockets(app);

  // SMTP when configured, else an outbox folder in DATA_DIR.
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });

  // A person's recent library reads, answered from memory until their rows change (decision 026).
  const ownerReads = ownerReadCache(database, app.log, config.readCacheBytes);
  app.addHook('onClose', () => ownerReads.stop());

  // Uploads an hour and stored audio, per account and per co-author link (decision 029).
  const quotas = uploadQuotas(db, config.uploadLimits);
  // Photo uploads an hour and stored photo bytes, per account.
  const photoLimits = photoQuotas(db, config.photoLimits);

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);

  // Anyone may call these: signing in, and whether the server is healthy.
  await app.register(async (open) => {
    recordRoutes(open, routeTable, 'public');
    await open.register(signInRoutes, { config, db, sessions, site, mailer, counters });
    await open.register(passwordResetRoutes, { config, db, sessions, mailer, site });
    await open.register(emailVerificationRoutes, { db, sessions, mailer, site, loginRateLimit: config.loginRateLimit });
    await open.register(healthRoutes, { database, queue: deps.queue, engines: deps.engineStatus });
    await open.register(publicStoryRoutes, { config, site, db, store: deps.store, clientDir: deps.clientDir });
    await open.register(listeningLinkRoutes, { db, store: deps.store, perMinute: config.publicRateLimit });
    await open.register(familyJoinRoutes, { db, site, perMinute: config.loginRateLimit });
    await open.register(familyMailPublicRoutes, { db, sessions, site, secret: config.sessionSecret, rateLimit: config.loginRateLimit });
  });

  // A co-author link's holder: the link in the path is the credential (decision 016).
  await app.register(async (link) => {
    linkScope(link, { db, routeTable, resolveLink: resolveLinkHolder(db) });
    await link.register(coAuthorRoutes, { config, db, store: deps.store, queue: deps.queue, quotas, photoQuotas: photoLimits });
  });

  // A family reader's own routes: a live family sign-in (or an account that claimed one), checked first.
  const readers = readerResolver(db);
  await app.register(async (family) => {
    readerScope(family, { db, routeTable, readers });
    await family.register(readerResponseRoutes, { db, store: deps.store, queue: deps.queue, quotas });
    await family.register(familyReaderRoutes, { db });
    await family.register(familyReadingRoutes, { db });
  });

  // Everything else needs a session, checked before anything else is read (a few reads let in family readers too).
  await app.register(async (signedIn) => {
    signedInScope(signedIn, { db, routeTable, readers });
    keepOwnerReads(signedIn, ownerReads.reads);
    await compressAnswers(signedIn);
    await signedIn.register(accountRoutes, { db, sessions });
    await signedIn.register(accountDeletionRoutes, { config, db, queue: deps.queue, sessions, counters });
    await signedIn.register(verificationResendRoutes, { db, sessions, mailer, site, loginRateLimit: config.loginRateLimit });
    await signedIn.register(recordingRoutes, { db, store: deps.store, queue: deps.queue, quotas });
    await signedIn.register(resumableRecordingRoutes, { db, store: deps.store, queue: deps.queue, quotas });
    await signedIn.register(voiceRoutes, { db });
    await signedIn.register(personPlaceRecordingRoutes, { db, store: deps.store, queue: deps.queue, quotas });
    await signedIn.register(photoRoutes, { db, store: deps.store, quotas: photoLimits });
    await signedIn.register(storyRoutes, { db, store: deps.store, queue: deps.queue });
    await signedIn.register(timelineRoutes, { db });
    await signedIn.register(searchRoutes, { db });
    // One count of open live streams for both transports (decision 029).
    const slots = liveSlots(config.liveStreams);
    await signedIn.register(liveSocketRoutes, { db, engines: deps.engines, engineStatuses: deps.engineStatus, site, slots });
    await signedIn.register(realtimeRoutes, { db, engines: deps.engines, slots });
    await signedIn.register(interviewerRoutes, { db, queue: deps.queue });
    await signedIn.register(engineRoutes, { engines: deps.engineStatus });
    await signedIn.register(peopleAndPlacesRoutes, { db, queue: deps.queue, store: deps.store });
    await signedIn.register(emailRoutes, { mailer, site, perHour: config.testEmailsPerHour });
    await signedIn.register(usageRoutes, { db });
    await signedIn.register(chapterRoutes, { db, queue: deps.queue });
    await signedIn.register(followUpRoutes, { db, queue: deps.queue });
    await signedIn.register(autobiographyRoutes, { db, store: deps.store, queue: deps.queue });
    await signedIn.register(printRoutes, { db, store: deps.store, queue: deps.queue });
    await signedIn.register(listeningLinkOwnerRoutes, { db });
    await signedIn.register(publishingRoutes, { site, db, queue: deps.queue, store: deps.store });
    await signedIn.register(coAuthorLinkRoutes, { site, db });
    await signedIn.register(conversationRoutes, { db, queue: deps.queue, engines: deps.engines });
    await signedIn.register(archiveExportRoutes, { db, store: deps.store, queue: deps.queue });
    await signedIn.register(ownerResponseRoutes, { db });
    await signedIn.register(familyCircleRoutes, { db, mailer, site, invitationsPerHour: config.familyInvitationsPerHour });
    await signedIn.register(familyClaimRoutes, { db });
    await signedIn.register(familyMailRoutes, { db, queue: deps.queue });
    await signedIn.register(archiveImportRoutes, { db, store: deps.store, queue: deps.queue, accountAudioBytes: config.uploadLimits.accountBytes, accountPhotoBytes: config.photoLimits.accountBytes });
  });

  await registerSpa(app, deps.clientDir);
  return app;
}
