import { keptDecodes } from '../audio/kept-decodes.ts';
import type { Database } from '../db/client.ts';
import { isPgError } from '../db/pg-error.ts';
import type { recordings } from '../db/schema.ts';
import type { Queue } from '../jobs/queue.ts';
import { enqueueTranscription } from '../pipeline/queues.ts';
import { StorageFullError } from '../storage/blob-store.ts';
import type { BlobStore } from '../storage/index.ts';
import { checkRecordingAudio } from './audio-checks.ts';
import { recordingAudioKey } from './audio-key.ts';
import { saveRecording, type Uploader, type UploadTarget } from './save-recording.ts';
import { storedTake, takeIdOf } from './takes.ts';
import { uploadRefusal } from './upload-errors.ts';
import type { UploadForm } from './upload-form.ts';

export interface UploadDependencies {
  db: Database;
  store: BlobStore;
  queue: Queue;
}

export interface UploadResult {
  recording: typeof recordings.$inferSelect;
  storyId: number | null;
  isContextOnly: boolean;
  /** The take was stored before (its `takeId`): this is that recording, and nothing new was kept (an answer of 200, not 201). */
  alreadyStored?: boolean;
}

/**
 * Stores an uploaded recording for good and queues its transcription: the audio is on
 * disk (or in S3) and the row committed before this resolves. The type is sniffed from
 * the file's first bytes and the real duration measured by decoding it (refused past the
 * length limit); the store is written from the file, under the uploader's owner. `target`
 * is what the route's path named, authorized by its route; otherwise the form's context
 * decides, authorized for the uploader's actor. The form's temporary file is removed whatever happens.
 * A take stored before (the same `takeId`, the account's own upload) answers its recording and
 * stores nothing; two uploads of one take at once store one, the unique index deciding.
 */
export async function uploadRecording(
  deps: UploadDependencies,
  uploader: Uploader,
  form: UploadForm,
  target?: UploadTarget,
): Promise<UploadResult> {
  let audioKey: string | undefined;
  const takeId = takeIdOf(uploader, form.fields);
  try {
    const before = takeId ? await storedTake(deps.db, uploader.owner.id, takeId) : undefined;
    if (before) return before;
    // The decode that measures the recording is kept for its transcription when a worker runs here.
    const { type, durationSeconds } = await checkRecordingAudio(form.audioFile, {
      keep: (found) => {
        audioKey = recordingAudioKey(uploader.owner.id, found.extension);
        return keptDecodes.keeper(audioKey);
      },
    });
    if (!audioKey) throw new Error('checkRecordingAudio measured the audio without naming its key');

    await deps.store.putFile(audioKey, form.audioFile, type.mimeType).catch((error: unknown) => {
      throw error instanceof StorageFullError ? uploadRefusal.storageFull() : error;
    });
    let result: UploadResult;
    try {
      result = await saveRecording(deps.db, uploader, form, { audioKey, mimeType: type.mimeType, durationSeconds }, target);
    } catch (error) {
      // Should this fail too, the orphan sweep removes the blob later.
      await deps.store.delete(audioKey).catch(() => undefined);
      // The same take, uploaded at the same moment, was saved first: its recording is the answer.
      const winner = takeId && isPgError(error, 'uniqueViolation') ? await storedTake(deps.db, uploader.owner.id, takeId) : undefined;
      if (!winner) throw error;
      keptDecodes.forget(audioKey);
      return winner;
    }
    await enqueueTranscription(deps.queue, result.recording.id);
    return result;
  } catch (error) {
    if (audioKey) keptDecodes.forget(audioKey);
    throw error;
  } finally {
    await form.discard();
  }
}
