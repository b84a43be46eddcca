import { createStore, del, delMany, entries, get, keys, set, setMany, type UseStore } from 'idb-keyval';

/**
 * A take's copy on this device while the server does not have it yet: each chunk as it
 * arrives, and what is known about it. A crash, a closed tab or a confirmed reload leaves
 * it here, and the home screen offers to keep it. It is removed once the server has the
 * take, or when the person discards it.
 */
export interface UnsavedTakeInfo {
  id: string;
  /** The signed-in user the take belongs to; another user on this browser never sees it. */
  ownerId: string;
  startedAt: number;
  mimeType: string;
  chunkCount: number;
  durationSeconds: number;
  /** Set once the person chose what the take is about and it waits for the network (issue 31). */
  waiting?: WaitingUpload;
}

/**
 * What a take waiting to upload goes up with: the upload's text fields as the server checks
 * them (`RECORDING_UPLOAD_FIELDS` but the audio), and the server's lasting refusal, if any.
 */
export interface WaitingUpload {
  fields: Record<string, string>;
  /** When it was put in the waiting list. */
  queuedAt: number;
  /** A refusal that will not change by sending again (too long, not audio, no room): shown on the take. */
  refusal?: { status: number; code?: string; message?: string };
}

let store: UseStore | null = null;
const takes = () => (store ??= createStore('saaga-recorder', 'unsaved-takes'));
const infoKey = (id: string) => `take:${id}`;
const chunkKey = (id: string, index: number) => `chunk:${id}:${String(index).padStart(6, '0')}`;

/** Whether this browser can keep takes (IndexedDB may be missing or refused, e.g. in private windows). */
export const canKeepTakes = () => typeof indexedDB !== 'undefined';

/** Starts the copy of a new take. */
export async function beginTake(info: Omit<UnsavedTakeInfo, 'chunkCount' | 'durationSeconds'>): Promise<void> {
  await set(infoKey(info.id), { ...info, chunkCount: 0, durationSeconds: 0 } satisfies UnsavedTakeInfo, takes());
}

/** Starts the copy of a take being recorded; null when this browser cannot keep one (recording goes on regardless). */
export async function startTakeCopy(ownerId: string, mimeType: string): Promise<string | null> {
  if (!canKeepTakes()) return null;
  const id = crypto.randomUUID();
  try {
    await beginTake({ id, ownerId, startedAt: Date.now(), mimeType });
    return id;
  } catch (error) {
    console.warn('The recording cannot be kept on this device:', error);
    return null;
  }
}

/** Adds the next chunk and the time recorded so far. */
export async function addChunk(id: string, index: number, chunk: Blob, durationSeconds: number): Promise<void> {
  await set(chunkKey(id, index), chunk, takes());
  const info = await get<UnsavedTakeInfo>(infoKey(id), takes());
  // The last chunk arrives after the clock stopped: the time recorded never goes back.
  if (info) await set(infoKey(id), { ...info, chunkCount: Math.max(info.chunkCount, index + 1), durationSeconds: Math.max(info.durationSeconds, durationSeconds) }, takes());
}

/** The takes of this user left on the device, oldest first. */
export async function unsavedTakes(ownerId: string): Promise<UnsavedTakeInfo[]> {
  const infos = (await entries<string, unknown>(takes()))
    .filter(([key]) => key.startsWith('take:'))
    .map(([, value]) => value as UnsavedTakeInfo);
  // A chunk written just after its take was forgotten has no take left: clear it away.
  const known = new Set(infos.map((info) => info.id));
  const strays = (await keys<string>(takes())).filter((key) => key.startsWith('chunk:') && !known.has(key.split(':')[1]));
  if (strays.length > 0) await delMany(strays, takes());
  // Not removed: another tab may be recording it right now.
  return infos.filter((info) => info.ownerId === ownerId && isOffered(info) && !info.waiting).sort((a, b) => a.startedAt - b.startedAt);
}

/** The takes of this user (of anyone without one) waiting to upload, in the order they were put there (oldest first). */
export async function waitingTakes(ownerId?: string): Promise<(UnsavedTakeInfo & { waiting: WaitingUpload })[]> {
  const infos = (await entries<string, unknown>(takes()))
    .filter(([key]) => key.startsWith('take:'))
    .map(([, value]) => value as UnsavedTakeInfo);
  return infos
    .filter((info): info is UnsavedTakeInfo & { waiting: WaitingUpload } => (ownerId === undefined || info.ownerId === ownerId) && info.waiting !== undefined)
    .sort((a, b) => a.waiting.queuedAt - b.waiting.queuedAt || a.startedAt - b.startedAt);
}

/**
 * Puts a finished take in the waiting list with what it uploads with. Its device copy is
 * made whole first: when the copy is missing or is not the audio in hand (a write that
 * failed while recording), the audio in hand replaces it, so what waits is what was heard.
 */
export async function keepTakeWaiting(
  take: { copyId: string | null; audio: Blob; durationSeconds: number; recordedAt: Date },
  ownerId: string,
  upload: Omit<WaitingUpload, 'refusal'>,
): Promise<string> {
  const id = take.copyId ?? crypto.randomUUID();
  const existing = take.copyId ? await get<UnsavedTakeInfo>(infoKey(id), takes()) : undefined;
  const copied = existing !== undefined && (await takeAudio(existing)).size === take.audio.size ? existing : undefined;
  const info: UnsavedTakeInfo = {
    id,
    ownerId,
    startedAt: existing?.startedAt ?? take.recordedAt.getTime() - take.durationSeconds * 1000,
    mimeType: existing?.mimeType || take.audio.type,
    chunkCount: copied?.chunkCount ?? 1,
    durationSeconds: Math.max(existing?.durationSeconds ?? 0, take.durationSeconds),
    waiting: upload,
  };
  if (copied) {
    await set(infoKey(id), info, takes());
    return id;
  }
  // The audio in hand as the one chunk, with its info in one transaction; then the old chunks go.
  await setMany([[chunkKey(id, 0), take.audio], [infoKey(id), info]], takes());
  const stale = (await keys<string>(takes())).filter((key) => key.startsWith(`chunk:${id}:`) && key !== chunkKey(id, 0));
  await delMany(stale, takes());
  return id;
}

/** Records the server's lasting refusal on a waiting take (it is then shown, not sent again). */
export async function refuseWaitingTake(id: string, refusal: NonNullable<WaitingUpload['refusal']>): Promise<void> {
  const info = await get<UnsavedTakeInfo>(infoKey(id), takes());
  if (info?.waiting) await set(infoKey(id), { ...info, waiting: { ...info.waiting, refusal } }, takes());
}

/**
 * A take worth offering back: something recorded while the clock ran. A take whose only
 * chunk is the one given at stop ended before its first chunk (under a second): the checks
 * at stop refuse it as too short (spec 5), so it holds no words to keep.
 */
export function isOffered(info: Pick<UnsavedTakeInfo, 'chunkCount' | 'durationSeconds'>): boolean {
  return info.chunkCount > 0 && info.durationSeconds > 0;
}

/** The take's audio, put back together from its chunks. */
export async function takeAudio(info: UnsavedTakeInfo): Promise<Blob> {
  const chunks = await Promise.all(Array.from({ length: info.chunkCount }, (_, index) => get<Blob>(chunkKey(info.id, index), takes())));
  return new Blob(chunks.filter((chunk): chunk is Blob => chunk instanceof Blob), { type: info.mimeType });
}

/** Forgets a take: the server has it, or the person discarded it. */
export async function forgetTake(id: string): Promise<void> {
  const chunks = (await keys<string>(takes())).filter((key) => key.startsWith(`chunk:${id}:`));
  await delMany(chunks, takes());
  await del(infoKey(id), takes());
}

/** Forgets a take if it has a copy; a failure is reported (the take then shows again later), never thrown. */
export async function forgetTakeQuietly(id: string | null): Promise<void> {
  if (!id) return;
  await forgetTake(id).catch((error: unknown) => console.warn('The device copy of the recording was not removed:', error));
}
