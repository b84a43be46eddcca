import { randomUUID } from 'node:crypto';

/** Where a recording's audio is stored: one folder per user, a fresh name per upload. */
export function recordingAudioKey(userId: string | number, extension: string): string {
  return `users/${userId}/recordings/${randomUUID()}.${extension}`;
}

/** True for keys under some user's recordings folder (what `recordingAudioKey` makes, and partial writes of it). */
export function isRecordingAudioKey(key: string): boolean {
  return /^users\/[^/]+\/recordings\/[^/]+$/.test(key);
}
