import { randomUUID } from 'node:crypto';

/** Where a recording's audio is stored: one folder per user, a fresh name per upload. */
export function recordingAudioKey(userId: string | number, extension: string): string {
  return `users/${userId}/recordings/${randomUUID()}.${extension}`;
}

/** True for keys under some user's recordings folder (what `recordingAudioKey` makes, and partial writes of it). */
export function isRecordingAudioKey(key: string): boolean {
  return /^users\/[^/]+\/recordings\/[^/]+$/.test(key);
}

/** Where a published story's narration is stored: beside the owner's recordings, a fresh name per narration. */
export function narrationAudioKey(userId: string, publishedStoryId: number): string {
  return `users/${userId}/narrations/${publishedStoryId}-${randomUUID()}.mp3`;
}

/** True for keys under some user's narrations folder. */
export function isNarrationAudioKey(key: string): boolean {
  return /^users\/[^/]+\/narrations\/[^/]+$/.test(key);
}
