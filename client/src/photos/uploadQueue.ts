import { refusalBeforeSending, splitPick, type RefusedBeforeSending } from './uploadChecks.ts';

/** A chosen file on its way: waiting its turn, its bytes going out, the server making its copies, or refused. */
export interface UploadItem<F> {
  key: number;
  file: F;
  state: 'waiting' | 'sending' | 'processing' | 'failed';
  /** Share of the bytes sent, 0 to 1. */
  sent: number;
  /** Why it failed: a code refused before sending, or the call's error (its code chooses the text). */
  failure: { refused: RefusedBeforeSending } | { error: unknown } | null;
}

type FileLike = { name: string; type: string; size: number };

/**
 * The picked files added to the queue: each waits its turn, unless it is refused at once
 * (a type or size the server would refuse, or past the 20 of one pick).
 */
export function addPicked<F extends FileLike>(items: readonly UploadItem<F>[], files: readonly F[], firstKey: number): UploadItem<F>[] {
  const { sent, beyondLimit } = splitPick(files);
  const added = [
    ...sent.map((file) => ({ file, refused: refusalBeforeSending(file) })),
    ...beyondLimit.map((file) => ({ file, refused: 'photo_too_many_files' as const })),
  ].map(
    ({ file, refused }, index): UploadItem<F> => ({
      key: firstKey + index,
      file,
      state: refused ? 'failed' : 'waiting',
      sent: 0,
      failure: refused ? { refused } : null,
    }),
  );
  return [...items, ...added];
}

/** The next file to send, one at a time (a phone's connection and the server's memory go further that way); none while one is out. */
export function nextToSend<F>(items: readonly UploadItem<F>[]): UploadItem<F> | null {
  if (items.some((item) => item.state === 'sending' || item.state === 'processing')) return null;
  return items.find((item) => item.state === 'waiting') ?? null;
}

const update = <F>(items: readonly UploadItem<F>[], key: number, change: Partial<UploadItem<F>>) =>
  items.map((item) => (item.key === key ? { ...item, ...change } : item));

/** Bytes going out; all of them sent, the server is making the copies. */
export const progressed = <F>(items: readonly UploadItem<F>[], key: number, sent: number) =>
  update(items, key, sent >= 1 ? { state: 'processing', sent: 1 } : { state: 'sending', sent });

/** Stored: it leaves the queue (the photo is in the strip now). */
export const finished = <F>(items: readonly UploadItem<F>[], key: number) => items.filter((item) => item.key !== key);

export const failedWith = <F>(items: readonly UploadItem<F>[], key: number, error: unknown) =>
  update(items, key, { state: 'failed', sent: 0, failure: { error } });

/** Try a failed file again (not one refused before sending: it would be refused again). */
export const retried = <F>(items: readonly UploadItem<F>[], key: number) => update(items, key, { state: 'waiting', sent: 0, failure: null });

export const dismissed = <F>(items: readonly UploadItem<F>[], key: number) => items.filter((item) => item.key !== key);
