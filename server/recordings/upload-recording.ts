import { randomUUID } from 'node:crypto';
import { AiError } from '../ai/errors.ts';
import { normaliseAudio } from '../audio/normalise.ts';
import type { UserRow } from '../auth/sessions.ts';
import type { Database } from '../db/client.ts';
import type { recordings } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { Queue } from '../jobs/queue.ts';
import { enqueueTranscription } from '../pipeline/queues.ts';
import type { BlobStore } from '../storage/index.ts';
import { sniffAudioType } from './audio-type.ts';
import { saveRecording } from './save-recording.ts';
import type { UploadForm } from './upload-form.ts';

export const MIN_RECORDING_SECONDS = 1;

export interface UploadDependencies {
  db: Database;
  store: BlobStore;
  queue: Queue;
}

export interface UploadResult {
  recording: typeof recordings.$inferSelect;
  storyId: number | null;
  isContextOnly: boolean;
}

const unprocessable = () => new HttpError(400, 'unprocessable_audio', 'Unable to process the audio.');

/**
 * Stores an uploaded recording for good and queues its transcription: the audio is on
 * disk (or in S3) and the row committed before this resolves. `storyId` is the story of
 * `POST /api/stories/{id}/recordings`; otherwise the form's context decides.
 */
export async function uploadRecording(
  deps: UploadDependencies,
  user: UserRow,
  form: UploadForm,
  storyId?: number,
): Promise<UploadResult> {
  const type = await sniffAudioType(form.audio);
  if (!type) throw unprocessable();
  const durationSeconds = await measureDuration(form.audio);
  if (durationSeconds < MIN_RECORDING_SECONDS) {
    throw new HttpError(400, 'too_short', 'Recording must be at least 1 second long.');
  }

  const audioKey = `users/${user.id}/recordings/${randomUUID()}.${type.extension}`;
  await deps.store.put(audioKey, form.audio, type.mimeType);
  let result: UploadResult;
  try {
    result = await saveRecording(deps.db, user, form, { audioKey, mimeType: type.mimeType, durationSeconds }, storyId);
  } catch (error) {
    await deps.store.delete(audioKey).catch(() => undefined);
    throw error;
  }
  await enqueueTranscription(deps.queue, result.recording.id);
  return result;
}

async function measureDuration(audio: Buffer): Promise<number> {
  try {
    return (await normaliseAudio(audio, { timeoutMs: 120_000 })).durationSeconds;
  } catch (error) {
    if (error instanceof AiError && error.code === 'too_large') {
      throw new HttpError(413, 'too_large', 'Audio file is too large. Please record a shorter message.');
    }
    if (error instanceof AiError) throw unprocessable();
    throw error;
  }
}
