import type { LocalAiSettings } from '../../../contract/ai-settings.ts';
import type { Language } from '../../../contract/languages.ts';
import { RECORDING_UPLOAD_FIELDS as FIELD } from '../../../contract/uploads.ts';
import type { ContextFields } from './recordingContext.ts';
import { recordingFileName } from './recordingFormat.ts';

/** Everything a new recording is uploaded with. */
export interface RecordingUpload {
  audio: Blob;
  /** Time recorded, pauses excluded. */
  durationSeconds: number;
  /** When recording stopped; names the file and is sent as clientTimestamp. */
  recordedAt: Date;
  settings: LocalAiSettings;
  appLanguage: Language;
  context: ContextFields;
  promptQuestion?: string | null;
  questionId?: string | null;
  /** "Tell me about this picture": the photo the recording is told about. */
  aboutPhotoId?: number | null;
  userAgent: string;
}

/** Where the upload goes: the story's own endpoint for the current story, else the general one. */
export function recordingUploadPath(context: ContextFields): string {
  return context.contextType === 'story' && context.contextId !== undefined
    ? `/api/stories/${context.contextId}/recordings`
    : '/api/recordings';
}

/** The multipart body of an upload (spec 3 "Upload forms", 7.3), optional fields only when set. */
export function recordingForm(upload: RecordingUpload): FormData {
  const form = new FormData();
  const { settings, context } = upload;
  form.append(FIELD.audio, upload.audio, recordingFileName(upload.audio.type, upload.recordedAt.getTime()));
  form.append(FIELD.duration, String(Math.round(upload.durationSeconds)));
  form.append(FIELD.temperature, String(settings.temperature));
  form.append(FIELD.transcriptionModel, settings.transcriptionModel);
  form.append(FIELD.storyGenerationModel, settings.storyGenerationModel);
  form.append(FIELD.tone, settings.defaultTone);
  form.append(FIELD.creativity, settings.creativity);
  form.append(FIELD.appLanguage, upload.appLanguage);
  form.append(FIELD.contextType, context.contextType);
  if (context.contextId !== undefined) form.append(FIELD.contextId, String(context.contextId));
  if (context.contextName) form.append(FIELD.contextName, context.contextName);
  if (upload.promptQuestion) form.append(FIELD.promptQuestion, upload.promptQuestion);
  if (upload.questionId) form.append(FIELD.questionId, upload.questionId);
  if (upload.aboutPhotoId != null) form.append(FIELD.aboutPhotoId, String(upload.aboutPhotoId));
  form.append(FIELD.clientTimestamp, upload.recordedAt.toISOString());
  form.append(FIELD.userAgent, upload.userAgent);
  return form;
}
