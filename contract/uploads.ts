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
  /** "Tell me about this picture": the photo the recording was told about (issue 27). */
  aboutPhotoId: 'aboutPhotoId',
} as const;

/**
 * What a recording is about (spec 4, "Recording context"): a new story, the story it was
 * recorded from, or a person or place (existing by contextId, new by contextName); or
 * nothing yet: a take kept when the person left the recorder, to be found among the
 * recordings without a story.
 */
export const RECORDING_CONTEXT_TYPES = ['new_story', 'story', 'person', 'place', 'unassigned'] as const;
export const recordingContextTypeSchema = z.enum(RECORDING_CONTEXT_TYPES);
export type RecordingContextType = z.infer<typeof recordingContextTypeSchema>;

/** Context types whose recordings write no story (isContextOnly): they add to a profile, or wait unassigned. */
export const CONTEXT_ONLY_TYPES: readonly RecordingContextType[] = ['person', 'place', 'unassigned'];

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
 * Progress after an upload (spec 2 and 9.4), from the real state only: uploading while the
 * request is out, transcribing until the transcript is stored, generating while the story
 * is written, then ready (a new story) or added (to a story that already had its text).
 */
export const UPLOAD_PROGRESS = { uploading: 25, transcribing: 50, generating: 90, ready: 100, added: 100, failed: 0 } as const;
export type UploadStage = keyof typeof UPLOAD_PROGRESS;
