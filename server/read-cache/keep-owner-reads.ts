import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import { OwnerReads } from './owner-reads.ts';

/** The channel on which migration 0010's triggers send the id of a person whose rows changed. */
export const USER_CHANGES_CHANNEL = 'saaga_user_changes';

/**
 * The signed-in reads whose answers are kept: each answer is made of the caller's own rows alone
 * and of nothing but the URL (no header, setting or clock), from tables that all notify their
 * changes (migration 0010). A new read belongs here only if the same holds for it.
 */
export const KEPT_READS = new Set(['/api/stories', '/api/stories/counts', '/api/stories/:id', '/api/timeline', '/api/recordings']);

/** Read again after this, should a change ever go unheard. */
const KEPT_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the answer to this read may be kept (see OwnerReads.ticket). */
    readTicket?: number;
  }
}

interface Log {
  warn(detail: unknown, message?: string): void;
}

/** Starts a probe: a message on the channel that is no user id (a server's to itself, or a test's). */
export const PROBE = 'probe ';

/**
 * The owner read cache of this server, hearing every process's changes from the database.
 * It answers from memory only once it has heard its own probe on the channel: a connection
 * that cannot hear (a pooler in transaction mode drops notifications) leaves every read to
 * the database rather than serving what may have changed.
 */
export function ownerReadCache(
  database: Pick<DatabaseHandle, 'listen' | 'executor'>,
  log: Log,
  maxBytes: number,
): { reads: OwnerReads; stop(): Promise<void> } {
  const reads = new OwnerReads({ maxBytes: Math.max(1, maxBytes), maxAgeMs: KEPT_MS });
  // Turned off (READ_CACHE_MB=0): never hearing, it answers and keeps nothing.
  if (maxBytes === 0) return { reads, stop: async () => {} };
  const probe = `${PROBE}${randomBytes(8).toString('hex')}`;
  const sendProbe = () =>
    database.executor
      .executeSql('select pg_notify($1, $2)', [USER_CHANGES_CHANNEL, probe])
      .catch((error: unknown) => log.warn(error, 'owner read cache: could not probe the change notices; every read goes to the database'));
  const changes = database.listen(USER_CHANGES_CHANNEL, {
    message: (payload) => {
      if (payload === probe) reads.heard();
      else if (!payload.startsWith(PROBE)) reads.changed(payload);
    },
    lost: () => reads.lost(),
    back: () => void sendProbe(),
  });
  changes.ready.then(sendProbe, (error: unknown) => log.warn(error, 'owner read cache: change notices cannot be heard yet; every read goes to the database'));
  return { reads, stop: () => changes.stop() };
}

/**
 * Answers a kept read from memory before anything else is read (the session is checked first:
 * these hooks come after the signed-in scope's), keeps the answers of KEPT_READS, and drops a
 * person's kept answers before any other call of theirs answers, so that their next read shows
 * what it changed even before the database's notice arrives.
 */
export function keepOwnerReads(scope: FastifyInstance, reads: OwnerReads): void {
  scope.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.user || !KEPT_READS.has(request.routeOptions.url ?? '')) return;
    const kept = reads.get(request.user.id, request.url);
    if (!kept) {
      request.readTicket = reads.ticket();
      return;
    }
    if (kept.link) reply.header('link', kept.link);
    return reply.type('application/json; charset=utf-8').send(kept.body);
  });
  scope.addHook('onSend', async (request, reply, payload) => {
    if (!request.user) return payload;
    if (request.method !== 'GET' && request.method !== 'HEAD') reads.changed(request.user.id);
    // Only an owner's own read is kept: a family reader's answer (path-resource.ts made the
    // actor a reader) depends on a circle that may change or end at any moment.
    else if (request.readTicket !== undefined && reply.statusCode === 200 && typeof payload === 'string' && request.actor.kind === 'user') {
      const link = reply.getHeader('link');
      reads.keep(request.readTicket, request.user.id, request.url, { body: payload, link: typeof link === 'string' ? link : undefined });
    }
    return payload;
  });
}
