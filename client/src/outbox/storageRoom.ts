import { chooseRecordingFormat } from '../microphone/format.ts';

/** Less room than this many minutes of recording, and the home screen says so before Record is pressed. */
export const LOW_ROOM_MINUTES = 30;

/** When the browser does not say what it records at: the largest of the preferred formats but WAV. */
const FALLBACK_BITS_PER_SECOND = 128_000;

/** Minutes of recording at `bitsPerSecond` that fit in the room the browser's estimate leaves; null when it gives no figures. */
export function minutesThatFit(estimate: StorageEstimate, bitsPerSecond: number): number | null {
  if (estimate.quota === undefined || estimate.usage === undefined) return null;
  const roomBytes = Math.max(0, estimate.quota - estimate.usage);
  return roomBytes / (bitsPerSecond / 8) / 60;
}

/** Minutes of recording this device has room for, in the format the recorder would use; null when the browser does not say. */
export async function minutesOfRoom(): Promise<number | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  const format = typeof MediaRecorder === 'undefined' ? null : chooseRecordingFormat((type) => MediaRecorder.isTypeSupported(type));
  try {
    return minutesThatFit(await navigator.storage.estimate(), format?.bitsPerSecond ?? FALLBACK_BITS_PER_SECOND);
  } catch {
    return null;
  }
}
