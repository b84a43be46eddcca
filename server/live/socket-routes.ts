import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  LIVE_MAX_MESSAGE_BYTES,
  LIVE_MAX_MESSAGES_PER_SECOND,
  LIVE_TRANSCRIPTION_PATH,
  liveCapabilitiesSchema,
  liveClientMessageSchema,
  type LiveServerMessage,
} from '../../contract/live.ts';
import type { Engines } from '../ai/engines.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { engineReadinessOf, type EngineStatuses } from '../health/engine-readiness.ts';
import { forbiddenOrigin, fromAnotherSite } from '../http/origin-check.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import { failureOf, type LiveFailure, liveFailure, LiveSession } from './session.ts';
import type { LiveSlots } from './slots.ts';
import { liveOptionsFor } from './stream-options.ts';

/** ws itself cuts off anything far beyond the limit; up to this, the client is told why. */
const WS_MAX_PAYLOAD = 2 * LIVE_MAX_MESSAGE_BYTES;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const LIVE_PING_MS = 30_000;

/** WebSocket support, at the root so every upgrade runs through the app's hooks (session, origin) first. */
export async function registerWebSockets(app: FastifyInstance): Promise<void> {
  await app.register(websocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
}

/**
 * `WebSocket /ws/transcription` (spec 7.11) and `GET /api/live`. Registered in the signed-in
 * scope, so an upgrade without a session is answered 401 before any socket exists; one from
 * another site's page is answered 403.
 */
export async function liveSocketRoutes(
  app: FastifyInstance,
  { db, engines, engineStatuses, site, slots }: { db: Database; engines?: Engines; engineStatuses?: EngineStatuses; site: SiteOrigin; slots: LiveSlots },
) {
  app.get('/api/live', { schema: { response: { 200: liveCapabilitiesSchema } } }, async () => {
    if (!engines) return { available: false, recommended: false, adapter: 'local' as const };
    const available = (await engineReadinessOf(engineStatuses)).transcriber.ready;
    return { available, recommended: available && (await engines.live.keepsUp()), adapter: engines.live.adapter };
  });

  app.get(LIVE_TRANSCRIPTION_PATH, {
    websocket: true,
    onRequest: async (request) => {
      if (fromAnotherSite(request, site)) throw forbiddenOrigin();
    },
  }, (socket, request) => serveLiveSocket(socket, request, db, engines, slots));
}

/**
 * One live stream per connection: messages are handled in order; any refusal is told, then
 * the socket closes. The stream holds one of the account's and the server's live slots
 * from before its engine starts until it ends, fails or the connection drops.
 */
function serveLiveSocket(socket: WebSocket, request: FastifyRequest, db: Database, engines: Engines | undefined, slots: LiveSlots): void {
  const user = currentUser(request);
  const send = (message: LiveServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  let finished = false;
  let session: LiveSession | undefined;
  let freeSlot: (() => void) | undefined;
  const refuse = (failure: LiveFailure, closeCode: number) => {
    if (finished) return;
    finished = true;
    if (failure.cause) request.log.warn({ err: failure.cause }, 'live transcription failed');
    send({ type: 'error', error: failure.message, code: failure.code });
    session?.close();
    freeSlot?.();
    socket.close(closeCode);
  };

  try {
    freeSlot = slots.take(user.id);
  } catch (error) {
    // 1013: try again later. The client records on without live text.
    refuse(failureOf(error), 1013);
    return;
  }

  const opening = liveOptionsFor(db, user).then((options) => LiveSession.open(engines, options, {
    partial: (text) => send({ type: 'partial', text }),
    final: (text, said) => send({ type: 'final', text, ...(said ? { start: said.start, end: said.end } : {}) }),
    failed: (failure) => refuse(failure, 1011),
  })).then(
    (opened) => {
      session = opened;
      if (finished) opened.close(); // the client left while the engine started
      return opened;
    },
    (error: unknown) => {
      refuse(failureOf(error), 1011);
      return undefined;
    },
  );

  // Messages are handled one after another, after the engine's stream is open.
  let work: Promise<unknown> = opening;
  const sent: number[] = [];
  socket.on('message', (data, isBinary) => {
    if (finished) return;
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (bytes.length > LIVE_MAX_MESSAGE_BYTES) return refuse(liveFailure('too_large', 'The message is too large.'), 1009);
    const now = Date.now();
    while (sent.length > 0 && now - sent[0] >= 1000) sent.shift();
    sent.push(now);
    if (sent.length > LIVE_MAX_MESSAGES_PER_SECOND) return refuse(liveFailure('too_many_messages'), 1008);
    const message = isBinary ? undefined : parse(bytes.toString('utf8'));
    if (!message) return refuse(liveFailure('bad_message'), 1008);
    work = work.then(async () => {
      const live = await opening;
      if (!live || finished) return;
      switch (message.type) {
        case 'audio_chunk': {
          const audio = message.audio.length % 4 === 0 && BASE64.test(message.audio) ? Buffer.from(message.audio, 'base64') : undefined;
          if (!audio) return refuse(liveFailure('bad_message', 'The audio is not base64.'), 1008);
          return live.chunk(audio, message.format);
        }
        case 'pause':
          return live.pause();
        case 'resume':
          return live.resume();
        case 'end_recording': {
          const text = await live.end();
          if (text === undefined || finished) return;
          finished = true;
          freeSlot?.();
          send({ type: 'complete', text });
          socket.close(1000);
        }
      }
    }).catch((error: unknown) => refuse(failureOf(error), 1011));
  });
  // Pings keep a paused stream's connection open through proxies that close quiet ones.
  const ping = setInterval(() => socket.ping(), LIVE_PING_MS);
  // A dropped connection (or any close) frees the decoder, the engine's stream and the buffers at once.
  socket.on('close', () => {
    clearInterval(ping);
    finished = true;
    session?.close();
    freeSlot?.();
  });
}

function parse(text: string) {
  try {
    const result = liveClientMessageSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
