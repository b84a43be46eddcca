import path from 'node:path';
import { rm } from 'node:fs/promises';
import { checkRecordingAudio } from '../../recordings/audio-checks.ts';
import { recordingAudioKey } from '../../recordings/audio-key.ts';
import { HttpError } from '../../http/errors.ts';
import type { BlobStore } from '../../storage/index.ts';
import type { ArchiveRecording } from '../format.ts';
import type { ArchiveBounds } from './bounds.ts';
import { archiveRefusal } from './refusals.ts';
import type { OpenArchive } from './zip-reader.ts';

/** A recording's audio, checked and stored under a fresh key of the account. */
export interface StoredAudio {
  audioKey: string;
  mimeType: string;
  sizeBytes: number;
  durationSeconds: number;
}

/** The audio the archive's recordings would add to the account, from the central directory. */
export function archiveAudioBytes(archive: OpenArchive, recordings: ArchiveRecording[]): number {
  return recordings.reduce((sum, recording) => sum + (archive.files.get(recording.audioFile)?.sizeBytes ?? 0), 0);
}

/**
 * Takes each recording's audio out of the archive one at a time, into `dir`: the bytes must be
 * the ones the row describes (size and SHA-256), and pass the checks every upload passes
 * (recordings/audio-checks.ts: type from the bytes, duration by decoding, the limits); then
 * they are stored under a fresh key. `written` collects every key stored, so that a failure
 * later (here or in the rows) removes them all.
 */
export async function storeRecordingsAudio(
  archive: OpenArchive,
  recordings: ArchiveRecording[],
  options: { userId: string; store: BlobStore; dir: string; bounds: ArchiveBounds; written: string[]; onStored(): Promise<void> },
): Promise<Map<number, StoredAudio>> {
  const stored = new Map<number, StoredAudio>();
  for (const [i, recording] of recordings.entries()) {
    const entry = archive.files.get(recording.audioFile);
    if (!entry) throw archiveRefusal.missingFile(recording.audioFile);
    if (entry.sizeBytes > options.bounds.maxAudioBytes) throw archiveRefusal.audioRefused(recording.audioFile);
    const file = path.join(options.dir, `recording-${i}`);
    try {
      const taken = await archive.extract(entry, file);
      if (taken.sha256 !== recording.sha256 || taken.sizeBytes !== recording.sizeBytes) throw archiveRefusal.audioChanged(recording.audioFile);
      const checked = await checkRecordingAudio(file).catch((error: unknown) => {
        // The upload's refusals (not audio, too long, too short) are the archive's fault; anything else is ours.
        throw error instanceof HttpError ? archiveRefusal.audioRefused(recording.audioFile) : error;
      });
      const audioKey = recordingAudioKey(options.userId, checked.type.extension);
      options.written.push(audioKey);
      await options.store.putFile(audioKey, file, checked.type.mimeType);
      stored.set(recording.id, { audioKey, mimeType: checked.type.mimeType, sizeBytes: taken.sizeBytes, durationSeconds: checked.durationSeconds });
    } finally {
      await rm(file, { force: true });
    }
    await options.onStored();
  }
  return stored;
}
