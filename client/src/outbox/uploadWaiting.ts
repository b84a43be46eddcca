/**
 * Uploads the takes waiting on this device, oldest first (issue 31). Runs in the page (on
 * open, when the network comes back) and in the service worker (Background Sync), so it uses
 * nothing but fetch and IndexedDB. Stub: the outbox is being built.
 */
export async function uploadWaitingTakes(): Promise<void> {}

/** The Background Sync tag the page registers and the service worker answers. */
export const WAITING_TAKES_SYNC_TAG = 'saaga-waiting-takes';
