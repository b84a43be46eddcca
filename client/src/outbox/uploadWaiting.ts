import { finishResumableUpload, readResumableUpload, sendResumablePiece, signedInUserId, startResumableUpload } from '../api/resumableUploads.ts';
import { forgetTake, refuseWaitingTake, takeAudio, waitingTakes } from '../microphone/unsavedTakes.ts';
import { sendWaitingTakes, type Outbox, type OutboxNews, type OutboxRound } from './sendWaitingTakes.ts';

/** The Background Sync tag the page registers and the service worker answers. */
export const WAITING_TAKES_SYNC_TAG = 'saaga-waiting-takes';

/** The channel on which the uploader tells every page of this app what happened (a take sent, refused, its bytes). */
export const OUTBOX_CHANNEL = 'saaga-outbox';

/** The Web Lock held while takes are sent: one uploader at a time across tabs and the service worker. */
const LOCK = 'saaga-waiting-takes';

function report(news: OutboxNews): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage(news);
  channel.close();
}

const browserOutbox: Outbox = {
  signedInUserId,
  waitingTakes,
  takeAudio,
  forgetTake,
  refuseTake: refuseWaitingTake,
  start: startResumableUpload,
  read: readResumableUpload,
  sendPiece: sendResumablePiece,
  finish: finishResumableUpload,
  report,
};

let running: Promise<OutboxRound | null> | null = null;

/** Runs `work` unless an uploader is already at it (here, in another tab or in the service worker): then null. */
function aloneOrNot(work: () => Promise<OutboxRound>): Promise<OutboxRound | null> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) return locks.request(LOCK, { ifAvailable: true }, (lock) => (lock ? work() : null));
  // Without Web Locks: one at a time in this page at least.
  running ??= work().finally(() => (running = null));
  return running;
}

/**
 * Uploads the takes waiting on this device, oldest first, by the resumable protocol (issue 31).
 * Runs in the page (on open, when the network comes back) and in the service worker
 * (Background Sync), so it uses nothing but fetch, IndexedDB and navigator. Rejects when
 * takes are left for want of network or because the server cannot take them now, so that
 * Background Sync tries again later; resolves when none is left to send (or another
 * uploader is at it).
 */
export async function uploadWaitingTakes(): Promise<void> {
  const round = await aloneOrNot(() => sendWaitingTakes(browserOutbox));
  if (round?.stopped === 'network' || round?.stopped === 'later') throw new Error(`Takes are still waiting to upload (${round.stopped}).`);
}
