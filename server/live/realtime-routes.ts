import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { LIVE_MAX_MESSAGE_BYTES, REALTIME_CHUNK_INDEX_HEADER } from '../../contract/live.ts';
import type { Engines } from '../ai/engines.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { fieldError, HttpError, invalidRequest } from '../http/errors.ts';
import { perUser } from '../http/rate-limit/index.ts';
import { liveFormat } from './formats.ts';
import { failureOf, LiveFailure, LiveSession } from './session.ts';
import type { LiveSlots } from './slots.ts';
import { liveOptionsFor } from './stream-options.ts';

/** A test-page stream that gets no chunk for `idleMs` (10 s) ends and frees itself; tests shorten it. */
export const realtimeTiming = { idleMs: 10_000 };
/** Largest chunk body: a 200 ms chunk is a few KB. */
const REALTIME_MAX_CHUNK_BYTES = LIVE_MAX_MESSAGE_BYTES;
/** Chunks a minute per user: five a second with room to spare. */
const REALTIME_CHUNKS_PER_MINUTE = 600;

type Event = { text: string } | { error: string };

/** One user's test-page stream and the event streams watching it. */
interface Channel {
  session?: Promise<LiveSession | undefined>;
  /** Frees the live slot the stream holds (the account's and the server's). */
  freeSlot?: () => void;
  next: number;
  idle?: NodeJS.Timeout;
  listeners: Set<(event: Event) => void>;
}

/**
 * The streaming test page's endpoints (spec 7.11): `POST /api/realtime` carries the
 * recorder's chunks in order (header x-chunk-index, 0 starts a new stream), and
 * `GET /api/realtime-stream` sends what is heard as server-sent events. The same live
 * session as the WebSocket; only the transport differs.
 */
export async function realtimeRoutes(app: FastifyInstance, { db, engines, slots }: { db: Database; engines?: Engines; slots: LiveSlots }) {
  const channels = new Map<string, Channel>();
  const eventStreams = new Set<ServerResponse>();
  const channelOf = (userId: string) => {
    let channel = channels.get(userId);
    if (!channel) {
      channel = { next: 0, listeners: new Set() };
      channels.set(userId, channel);
    }
    return channel;
  };
  const broadcast = (channel: Channel, event: Event) => {
    for (const listener of channel.listeners) listener(event);
  };
  /** Lets go of the channel's stream; `graceful` transcribes what was said before it ends. */
  const stop = async (userId: string, channel: Channel, graceful: boolean) => {
    clearTimeout(channel.idle);
    // At once, so that a new stream replacing this one finds its slot free.
    channel.freeSlot?.();
    channel.freeSlot = undefined;
    const session = channel.session;
    channel.session = undefined;
    const live = await session;
    if (live && graceful) await live.end();
    live?.close();
    if (!channel.session && channel.listeners.size === 0) channels.delete(userId);
  };

  const rawBody = (_request: unknown, body: Buffer | string, done: (error: null, body: Buffer | string) => void) => done(null, body);
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: REALTIME_MAX_CHUNK_BYTES }, rawBody);
  app.addContentTypeParser(/^audio\//, { parseAs: 'buffer', bodyLimit: REALTIME_MAX_CHUNK_BYTES }, rawBody);

  app.post('/api/realtime', {
    config: { rateLimit: perUser(REALTIME_CHUNKS_PER_MINUTE) },
  }, async (request) => {
    const user = currentUser(request);
    const index = Number(request.headers[REALTIME_CHUNK_INDEX_HEADER]);
    if (!Number.isInteger(index) || index < 0) throw fieldError(REALTIME_CHUNK_INDEX_HEADER, 'a chunk number from 0 is required');
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) throw invalidRequest('The chunk is empty');
    const contentType = request.headers['content-type'] ?? '';
    const format = contentType.startsWith('audio/') ? contentType : 'webm';
    if (!liveFormat(format)) throw new HttpError(415, 'unsupported_format', `Unsupported audio format: ${contentType.slice(0, 100)}`);

    const channel = channelOf(user.id);
    if (index === 0) {
      void stop(user.id, channel, false);
      const fresh = channelOf(user.id);
      const freeSlot = slotOrRefuse(slots, user.id);
      fresh.freeSlot = freeSlot;
      fresh.next = 0;
      let opened: LiveSession | undefined;
      fresh.session = liveOptionsFor(db, user).then((options) => LiveSession.open(engines, options, {
        partial: (text) => broadcast(fresh, { text: [opened?.text, text].filter(Boolean).join(' ') }),
        final: (text) => broadcast(fresh, { text: opened?.text ?? text }),
        failed: (failure) => {
          broadcast(fresh, { error: failure.message });
          if (fresh.session === session) void stop(user.id, fresh, false);
        },
      })).then((live) => {
        opened = live;
        return live;
      }, (error: unknown) => {
        freeSlot();
        broadcast(fresh, { error: failureOf(error).message });
        return undefined;
      });
      const session = fresh.session;
    } else if (!channel.session || index !== channel.next) {
      throw new HttpError(409, 'out_of_order', `Chunk ${index} is out of order: expected ${channel.session ? channel.next : 0}`);
    }
    const current = channelOf(user.id);
    current.next = index + 1;
    const pending = current.session;
    const live = await pending;
    if (!live || current.session !== pending) throw new HttpError(503, 'unavailable', 'Live transcription is not available right now.');
    clearTimeout(current.idle);
    current.idle = setTimeout(() => void stop(user.id, current, true), realtimeTiming.idleMs);
    live.chunk(body, format);
    return { received: index };
  });

  app.get('/api/realtime-stream', async (request, reply) => {
    const user = currentUser(request);
    const channel = channelOf(user.id);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-accel-buffering': 'no' });
    raw.write(': listening\n\n');
    const listener = (event: Event) => raw.write(`data: ${JSON.stringify(event)}\n\n`);
    channel.listeners.add(listener);
    eventStreams.add(raw);
    raw.on('close', () => {
      eventStreams.delete(raw);
      channel.listeners.delete(listener);
      if (!channel.session && channel.listeners.size === 0) channels.delete(user.id);
    });
  });

  // Open event streams would hold the server open; streams in progress are let go.
  app.addHook('preClose', async () => {
    for (const raw of eventStreams) raw.end();
    await Promise.all([...channels].map(([userId, channel]) => stop(userId, channel, false)));
  });
}

/** A live slot for the test page's new stream, or the refusal as an HTTP answer. */
function slotOrRefuse(slots: LiveSlots, userId: string): () => void {
  try {
    return slots.take(userId);
  } catch (error) {
    if (!(error instanceof LiveFailure)) throw error;
    if (error.code === 'too_many_live_streams') throw new HttpError(429, 'too_many_live_streams', error.message);
    throw new HttpError(503, 'live_server_busy', error.message);
  }
}
