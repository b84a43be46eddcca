import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/**
 * The service worker's registration (sw.ts), once the page has loaded and is idle: the
 * landing page's and the library's first paint never wait for it (decision 042). A new
 * version installed while the app runs waits; `useUpdateWaiting` says so, and `updateNow`
 * lets it take over and reloads the page under it. Otherwise it is taken on the next start.
 */

/** The service worker as the build writes it (vite-plugin-pwa's `filename`, at the site's root). */
export const SERVICE_WORKER_URL = '/sw.js';

let workbox: Workbox | undefined;
let waiting = false;
/** The new version already controls this page (another tab's "Update now"): a reload takes it. */
let taken = false;
let updating = false;
const listeners = new Set<() => void>();

function setWaiting(value: boolean): void {
  waiting = value;
  for (const listener of listeners) listener();
}

async function register(): Promise<void> {
  const { Workbox } = await import('workbox-window');
  const registered = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  registered.addEventListener('waiting', () => setWaiting(true));
  registered.addEventListener('controlling', (event) => {
    // Ours: "Update now" was pressed here. Another tab's: this page's code is the old one now.
    if (updating) window.location.reload();
    else if (event.isUpdate || event.isExternal) {
      taken = true;
      setWaiting(true);
    }
  });
  workbox = registered;
  await registered.register();
}

/**
 * A while after the load, as the other language's words (main.tsx): the first screen's reads
 * (the library's rows) often come after the load event, and the worker's first install
 * downloads every file of the app, which must not compete with them on a slow network.
 */
const AFTER_LOAD_MS = 3000;

function whenIdle(run: () => void): void {
  const idle = () => setTimeout(() => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 5000 }) : run()), AFTER_LOAD_MS);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Registers the service worker after the page's load, when the browser is idle; nothing where there are none. */
export function registerServiceWorkerWhenIdle(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  // A browser that refuses (private modes, blocked in tests) leaves the app as it was, online only.
  whenIdle(() => void register().catch(() => undefined));
}

/** "Update now": the waiting version takes over and the page reloads under it (a page without one simply reloads). */
export function updateNow(): void {
  updating = true;
  if (workbox && waiting && !taken) workbox.messageSkipWaiting();
  else window.location.reload();
}

/** Whether a new version of the app waits to be taken. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
  );
}
