import { z } from 'zod';
import { RECORDING_STATUSES } from './recording-limits.ts';

/**
 * Multipart fields of a new recording (POST /api/recordings and
 * POST /api/stories/{id}/recordings, spec 3 "Upload forms" and 7.3).
 */
export const RECORDING_UPLOAD_FIELDS = {
  audio: 'audio',
  duration: 'duration',
  temperature: 'temperature',
  transcriptionModel: 'transcriptionModel',
  storyGenerationModel: 'storyGenerationModel',
  appLanguage: 'appLanguage',
  tone: 'tone',
  creativity: 'creativity',
  promptQuestion: 'promptQuestion',
  contextType: 'contextType',
  contextId: 'contextId',
  contextName: 'contextName',
  questionId: 'questionId',
  clientTimestamp: 'clientTimestamp',
  userAgent: 'userAgent',
} as const;

/**
 * What a recording is about (spec 4, "Recording context"): a new story, the story it was
 * recorded from, or a person or place (existing by contextId, new by contextName).
 */
export const RECORDING_CONTEXT_TYPES = ['new_story', 'story', 'person', 'place'] as const;
export const recordingContextTypeSchema = z.enum(RECORDING_CONTEXT_TYPES);
export type RecordingContextType = z.infer<typeof recordingContextTypeSchema>;

/** Context types whose recordings add to a profile and write no story (isContextOnly). */
export const CONTEXT_ONLY_TYPES: readonly RecordingContextType[] = ['person', 'place'];

export const recordingStatusSchema = z.enum(RECORDING_STATUSES);

/** Response of a recording upload (201). */
export const recordingUploadResponseSchema = z.object({
  recording: z.object({ id: z.number(), processingStatus: recordingStatusSchema }),
  story: z.object({ id: z.number() }).nullable(),
  isContextOnly: z.boolean(),
});
export type RecordingUploadResponse = z.infer<typeof recordingUploadResponseSchema>;

/** GET /api/recordings/{id}/status. */
export const recordingStatusResponseSchema = z.object({
  processingStatus: recordingStatusSchema,
  transcriptionError: z.string().nullable(),
});
export type RecordingStatusResponse = z.infer<typeof recordingStatusResponseSchema>;

/**
 * Stages shown while a recording uploads (spec 2 and 9.4): uploading while the request is
 * out; once the server has the audio, transcribing, then processing after 1 s and
 * generating after 2 s.
 */
export const UPLOAD_STAGES = [
  { stage: 'uploading', progress: 25, afterMs: null },
  { stage: 'transcribing', progress: 50, afterMs: 0 },
  { stage: 'processing', progress: 75, afterMs: 1000 },
  { stage: 'generating', progress: 90, afterMs: 2000 },
] as const;
export type UploadStage = (typeof UPLOAD_STAGES)[number]['stage'];
