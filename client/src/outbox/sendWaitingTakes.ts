import type { ResumableStart, ResumableUpload } from '../../../contract/resumable-uploads.ts';
import type { RecordingUploadResponse } from '../../../contract/uploads.ts';
import { ApiRequestError, isNetworkFailure } from '../api/request.ts';
import type { UnsavedTakeInfo, WaitingUpload } from '../microphone/unsavedTakes.ts';

/** A take in the waiting list, with what it goes up with. */
export type WaitingTake = UnsavedTakeInfo & { waiting: WaitingUpload };

/** What the uploader stands on; the browser's in uploadWaiting.ts, a test's own in the unit tests. */
export interface Outbox {
  /** The signed-in user's id, or null (nobody's takes are sent then). */
  signedInUserId(): Promise<string | null>;
  /** That user's waiting takes (anyone's without one), oldest first. */
  waitingTakes(ownerId?: string): Promise<WaitingTake[]>;
  takeAudio(take: WaitingTake): Promise<Blob>;
  /** Forgets the take on this device: called only once the server has answered with its recording. */
  forgetTake(id: string): Promise<void>;
  refuseTake(id: string, refusal: NonNullable<WaitingUpload['refusal']>): Promise<void>;
  start(body: ResumableStart): Promise<ResumableUpload>;
  read(id: string): Promise<ResumableUpload>;
  sendPiece(id: string, index: number, piece: Blob): Promise<ResumableUpload>;
  finish(id: string): Promise<RecordingUploadResponse>;
  /** Told when a take was sent or refused, and as its bytes go. */
  report(news: OutboxNews): void;
}

export type OutboxNews =
  | { type: 'sending'; takeId: string; sentBytes: number; sizeBytes: number }
  | { type: 'sent'; takeId: string; response: RecordingUploadResponse }
  | { type: 'refused'; takeId: string };

/** How a round ended: every take sent or refused, or stopped (the rest wait for the next round). */
export interface OutboxRound {
  sent: string[];
  refused: string[];
  /** Why takes are still waiting: no network, nobody signed in, or the server cannot take them now. */
  stopped: 'network' | 'signed_out' | 'later' | null;
}

/** Why a call failed, for what the uploader does next. */
type Failure = 'network' | 'signed_out' | 'gone' | 'refused' | 'later';

function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiRequestError)) {
    return isNetworkFailure(error) ? 'network' : 'later';
  }
  if (error.status === 401) return 'signed_out';
  if (error.status === 404) return 'gone';
  // Busy, too many this hour, no disk room now, a piece out of turn: the same take may go later.
  if (error.status === 408 || error.status === 409 || error.status === 425 || error.status === 429 || error.status >= 500) return 'later';
  return 'refused';
}

class Stop extends Error {
  constructor(readonly why: Exclude<Failure, 'gone' | 'refused'>) {
    super(`The waiting takes stopped: ${why}`);
  }
}

/** A piece's bytes: `pieceBytes` long from its index, the last one shorter. */
const pieceOf = (audio: Blob, index: number, pieceBytes: number) => audio.slice(index * pieceBytes, Math.min((index + 1) * pieceBytes, audio.size));

/** How many answers in a row may leave the received count where it was before the uploader gives up for now. */
const MAX_STALLS = 3;

/**
 * Sends the pieces the server does not have yet, from its received count (a cut upload goes
 * on where it stopped, not from zero), and answers where the upload stands once all are in.
 */
async function sendPieces(outbox: Outbox, take: WaitingTake, upload: ResumableUpload, audio: Blob): Promise<ResumableUpload> {
  let current = upload;
  let stalls = 0;
  while (current.receivedBytes < audio.size) {
    const index = Math.floor(current.receivedBytes / current.pieceBytes);
    const before = current.receivedBytes;
    try {
      current = await outbox.sendPiece(current.id, index, pieceOf(audio, index, current.pieceBytes));
    } catch (error) {
      // A piece out of turn (another tab sent one meanwhile): ask where it stands and go on from there.
      if (!(error instanceof ApiRequestError && error.status === 409)) throw error;
      current = await outbox.read(current.id);
    }
    stalls = current.receivedBytes > before ? 0 : stalls + 1;
    if (stalls >= MAX_STALLS) throw new Stop('later');
    outbox.report({ type: 'sending', takeId: take.id, sentBytes: current.receivedBytes, sizeBytes: audio.size });
  }
  return current;
}

/** Starts (or finds) the take's upload, sends what the server lacks, finishes: the recording's answer. */
async function startAndSend(outbox: Outbox, take: WaitingTake, start: ResumableStart, audio: Blob): Promise<RecordingUploadResponse> {
  let upload = await outbox.start(start);
  if (upload.state === 'done' && upload.recording) return upload.recording;
  upload = await sendPieces(outbox, take, upload, audio);
  return upload.state === 'done' && upload.recording ? upload.recording : await outbox.finish(upload.id);
}

/** One take, start to finish: the recording's answer once the server has it. */
async function sendTake(outbox: Outbox, take: WaitingTake): Promise<RecordingUploadResponse> {
  const audio = await outbox.takeAudio(take);
  const start = { takeId: take.id, sizeBytes: audio.size, mimeType: take.mimeType || audio.type || 'application/octet-stream', fields: take.waiting.fields };
  try {
    return await startAndSend(outbox, take, start, audio);
  } catch (error) {
    if (failureOf(error) !== 'gone') throw error;
    // The unfinished upload was removed (kept only so long): once more from the start, by the take's id.
    return startAndSend(outbox, take, start, audio);
  }
}

/**
 * Sends the signed-in user's waiting takes one after another, oldest first. A take is
 * forgotten on the device only after the server answered with its recording. A lasting
 * refusal is kept on that take (shown to the person) and the next one goes; a lost network,
 * a signed-out session or a busy server stops the round, and the takes wait for the next.
 */
export async function sendWaitingTakes(outbox: Outbox): Promise<OutboxRound> {
  const round: OutboxRound = { sent: [], refused: [], stopped: null };
  // Nothing to send: the server is not asked anything.
  if (!(await outbox.waitingTakes()).some((take) => !take.waiting.refusal)) return round;
  let ownerId: string | null;
  try {
    ownerId = await outbox.signedInUserId();
  } catch (error) {
    return { ...round, stopped: failureOf(error) === 'network' ? 'network' : 'later' };
  }
  if (!ownerId) return { ...round, stopped: 'signed_out' };
  const tried = new Set<string>();
  for (;;) {
    // Read again after each take: one kept meanwhile joins this round, in its turn.
    const take = (await outbox.waitingTakes(ownerId)).find((waiting) => !waiting.waiting.refusal && !tried.has(waiting.id));
    if (!take) return round;
    tried.add(take.id);
    try {
      const response = await sendTake(outbox, take);
      await outbox.forgetTake(take.id);
      round.sent.push(take.id);
      outbox.report({ type: 'sent', takeId: take.id, response });
    } catch (error) {
      const failure = error instanceof Stop ? error.why : failureOf(error);
      if (failure === 'refused' || failure === 'gone') {
        const api = error instanceof ApiRequestError ? error : null;
        await outbox.refuseTake(take.id, { status: api?.status ?? 0, code: api?.code, message: api?.serverMessage });
        round.refused.push(take.id);
        outbox.report({ type: 'refused', takeId: take.id });
        continue;
      }
      return { ...round, stopped: failure };
    }
  }
}
