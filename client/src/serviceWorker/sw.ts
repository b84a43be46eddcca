/**
 * Saaga's service worker (issue 31, decision 042), built by vite-plugin-pwa (`injectManifest`,
 * vite.config.ts). It keeps the app's own files (the precache: every script and style of
 * this build, both languages' words inside them), so the app opens with no network; the
 * reads of the person signed in, so what they saw opens offline; the audio they chose to keep
 * offline. A new version waits until the app's next start or "Update now" (registration.ts):
 * never half-old, half-new. POST, PUT and DELETE are never kept.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types.js';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { firstReadsFor } from '../../../contract/early-reads.ts';
import { uploadWaitingTakes, WAITING_TAKES_SYNC_TAG } from '../outbox/uploadWaiting.ts';
import { audioCacheName, readingCacheName } from './cacheNames.ts';
import { isKeptRead, isRecordingAudio, NOT_APP_PAGES, SESSION_CHECK, SIGN_IN_ANSWERS, SIGN_OUT } from './readRules.ts';
import { currentReader, forgetReader, keptSessionAnswer, recheckReader, rememberReader } from './reader.ts';
import { SKIP_WAITING } from './messages.ts';

// The service worker's own world, named here: the project's types are the page's (lib DOM).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface ServiceWorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  registration: ServiceWorkerRegistration & { navigationPreload?: { enable(): Promise<void> } };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}
declare const self: ServiceWorkerScope;

/** The app's page as built (no page's preloads): what a navigation gets when the server cannot be reached. */
const SHELL = '/index.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the page that installed it at once (nothing older to mix with), so
// its reads are kept from the first visit; a later version waits (SKIP_WAITING below).
clientsClaim();

/**
 * The reads the app's start needs (the library's first page and counts), kept as soon as the
 * worker runs: the page that installed it read them before it was there (the library is read
 * ahead after sign-in), so an offline start would otherwise find them missing.
 */
async function keepStartReads(): Promise<void> {
  const reader = await currentReader();
  if (!reader) return;
  const cache = await caches.open(readingCacheName(reader));
  for (const url of firstReadsFor('/library', '')) {
    const response = await fetch(url).catch(() => null);
    if (response?.ok) await cache.put(url, response);
  }
}

self.addEventListener('activate', (event) => {
  // The page's request starts while the worker wakes up, not after.
  const preload = self.registration.navigationPreload?.enable();
  event.waitUntil(Promise.all([preload, keepStartReads().catch(() => undefined)]));
});

/** "Update now" (registration.ts): the waiting version takes over; the page reloads once it has. */
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

/** Background Sync: the takes waiting on this device go up (client/src/outbox/). */
self.addEventListener('sync', (event) => {
  if (event.tag === WAITING_TAKES_SYNC_TAG) event.waitUntil(uploadWaitingTakes());
});

type Handled = RouteHandlerCallbackOptions & { event: FetchEvent };

/**
 * Every page the browser opens: the server's answer (the landing page, a page's preloads),
 * the one navigation preload already under way when there is one, so nothing is asked for
 * twice (a sign-in's start, a download); offline, the app's shell for the app's pages.
 */
async function page({ event, request, url }: Handled): Promise<Response> {
  // Signing out forgets everything of the person before the server is asked.
  if (url.pathname === SIGN_OUT) await forgetReader();
  const appPage = !NOT_APP_PAGES.some((path) => path.test(url.pathname));
  try {
    const response = (await event.preloadResponse) ?? (await fetch(request));
    // Once its answer has set any cookie: the page's reads, which start after, wait for who it is.
    if (appPage) recheckReader();
    return response;
  } catch (error) {
    const shell = appPage ? await matchPrecache(SHELL) : undefined;
    if (shell) return shell;
    throw error;
  }
}
registerRoute(new NavigationRoute((options) => page(options as Handled)));

/** Who is signed in: the server's answer, remembered; offline, the last one, so the app opens as that person. */
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname === SESSION_CHECK,
  async ({ request }) => {
    try {
      const response = await fetch(request);
      if (response.ok) await rememberReader(await response.clone().json().catch(() => null));
      else if (response.status === 401) await forgetReader();
      return response;
    } catch (error) {
      const kept = await keptSessionAnswer();
      if (kept) return kept;
      throw error;
    }
  },
);

/** A sign-in answers with the user: from now on reads are kept for them (and nobody else's are). */
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && SIGN_IN_ANSWERS.includes(url.pathname),
  async ({ request }) => {
    const response = await fetch(request);
    if (response.ok) await rememberReader(await response.clone().json().catch(() => null));
    return response;
  },
  'POST',
);

/** Signing out by a request of the page's own (not a page opened): the same. */
registerRoute(
  ({ url, sameOrigin, request }) => sameOrigin && url.pathname === SIGN_OUT && request.mode !== 'navigate',
  async ({ request }) => {
    await forgetReader();
    return fetch(request);
  },
);

const readers = new Map<string, NetworkFirst>();

/** One person's reads: the server's answer when it comes, else the last one kept. */
function readingStrategy(userId: string): NetworkFirst {
  let strategy = readers.get(userId);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName: readingCacheName(userId),
      matchOptions: { ignoreVary: true },
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true })],
    });
    readers.set(userId, strategy);
  }
  return strategy;
}

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isKeptRead(url),
  async (options) => {
    const reader = await currentReader();
    return reader ? readingStrategy(reader).handle(options) : fetch(options.request);
  },
);

/** A recording's audio: from the person's "Keep offline" copy when there is one (in the ranges a player asks for), else the server. */
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && isRecordingAudio(url),
  async ({ request }) => {
    const reader = await currentReader();
    const kept = reader ? await (await caches.open(audioCacheName(reader))).match(request.url, { ignoreVary: true }) : undefined;
    if (!kept) return fetch(request);
    return request.headers.has('range') ? createPartialResponse(request, kept) : kept;
  },
);
