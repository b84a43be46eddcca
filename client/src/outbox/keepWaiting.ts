import { keepTakeWaiting } from '../microphone/unsavedTakes.ts';
import { uploadWaitingTakes, WAITING_TAKES_SYNC_TAG } from './uploadWaiting.ts';

/** A finished take as the recorder hands it over. */
export interface TakeToKeep {
  copyId: string | null;
  audio: Blob;
  durationSeconds: number;
  recordedAt: Date;
}

/** Whether the browser says it has no network (an upload is then not tried: the take waits at once). */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Starts the uploader now; what it leaves (no network yet) waits for the next chance. */
export function uploadNow(): void {
  void uploadWaitingTakes().catch(() => undefined);
}

/** Asks the service worker to upload when the network is back, where the browser has Background Sync. */
async function askForBackgroundSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
  await sync?.register(WAITING_TAKES_SYNC_TAG);
}

/** Asks the browser not to clear this site's storage under pressure: a take waits there. */
async function askToPersist(): Promise<void> {
  if (await navigator.storage?.persisted?.()) return;
  await navigator.storage?.persist?.();
}

/**
 * Puts a take in the waiting list with the upload's fields (what it is about, the settings,
 * the language, the question, the photo, when it was recorded), asks for storage that stays and
 * for Background Sync, and tries at once when the browser thinks it is online. The take
 * stays on the device until the server answers with its recording. Resolves with its take id.
 */
export async function keepWaiting(take: TakeToKeep, ownerId: string, fields: Record<string, string>): Promise<string> {
  const id = await keepTakeWaiting(take, ownerId, { fields, queuedAt: Date.now() });
  await Promise.all([askToPersist(), askForBackgroundSync()].map((asked) => asked.catch((error: unknown) => console.warn('Offline help not granted:', error))));
  watchNetworkForWaitingTakes();
  if (!isOffline()) uploadNow();
  return id;
}

let watching = false;

/** Uploads waiting takes now (the app was opened) and each time the network comes back, for as long as the page lives. */
export function watchNetworkForWaitingTakes(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('online', uploadNow);
  uploadNow();
}
