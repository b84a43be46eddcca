import type { LocalAiSettings } from '../../../contract/ai-settings.ts';
import type { Language } from '../../../contract/languages.ts';
import { TAKE_ID_FIELD } from '../../../contract/resumable-uploads.ts';
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
  /** The take's id made on this device (its copy's): the server stores a take sent twice once. */
  takeId?: string | null;
}

/** Where the upload goes: the story's own endpoint for the current story, else the general one. */
export function recordingUploadPath(context: ContextFields): string {
  return context.contextType === 'story' && context.contextId !== undefined
    ? `/api/stories/${context.contextId}/recordings`
    : '/api/recordings';
}

/** The upload's text fields (spec 3 "Upload forms", 7.3), optional ones only when set: the multipart form's and a waiting take's. */
export function recordingFields(upload: Omit<RecordingUpload, 'audio' | 'takeId'>): Record<string, string> {
  const { settings, context } = upload;
  const fields: Record<string, string> = {
    [FIELD.duration]: String(Math.round(upload.durationSeconds)),
    [FIELD.temperature]: String(settings.temperature),
    [FIELD.transcriptionModel]: settings.transcriptionModel,
    [FIELD.storyGenerationModel]: settings.storyGenerationModel,
    [FIELD.tone]: settings.defaultTone,
    [FIELD.creativity]: settings.creativity,
    [FIELD.appLanguage]: upload.appLanguage,
    [FIELD.contextType]: context.contextType,
  };
  if (context.contextId !== undefined) fields[FIELD.contextId] = String(context.contextId);
  if (context.contextName) fields[FIELD.contextName] = context.contextName;
  if (upload.promptQuestion) fields[FIELD.promptQuestion] = upload.promptQuestion;
  if (upload.questionId) fields[FIELD.questionId] = upload.questionId;
  if (upload.aboutPhotoId != null) fields[FIELD.aboutPhotoId] = String(upload.aboutPhotoId);
  fields[FIELD.clientTimestamp] = upload.recordedAt.toISOString();
  fields[FIELD.userAgent] = upload.userAgent;
  return fields;
}

/** The multipart body of an upload: the audio, its text fields, and the take's id when it has one. */
export function recordingForm(upload: RecordingUpload): FormData {
  const form = new FormData();
  form.append(FIELD.audio, upload.audio, recordingFileName(upload.audio.type, upload.recordedAt.getTime()));
  for (const [name, value] of Object.entries(recordingFields(upload))) form.append(name, value);
  if (upload.takeId) form.append(TAKE_ID_FIELD, upload.takeId);
  return form;
}
