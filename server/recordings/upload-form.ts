import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { languageSchema } from '../../contract/languages.ts';
import { creativitySchema, toneSchema } from '../../contract/story-options.ts';
import { takeIdSchema } from '../../contract/resumable-uploads.ts';
import { recordingContextTypeSchema } from '../../contract/uploads.ts';
import { fieldError, type HttpError } from '../http/errors.ts';
import { multipartRefusalOf, spoolFilePart } from '../http/multipart-files.ts';
import { refuseUnstorableText } from '../http/storable-text.ts';
import { makeTempFolder } from '../storage/temp-folders.ts';
import { uploadRefusal } from './upload-errors.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? undefined : v))
    .optional();
const optionalId = z.preprocess(
  (v) => (typeof v === 'string' && ['', 'null', 'undefined'].includes(v.trim()) ? undefined : v),
  z.coerce.number().int().positive().optional(),
);

/** The text fields of a recording upload (spec 7.3); every one is optional but the audio. */
export const uploadFieldsSchema = z.object({
  duration: z.coerce.number().min(0).max(24 * 3600).optional(),
  temperature: z.coerce.number().min(0).max(2).optional(),
  transcriptionModel: optionalText(100),
  storyGenerationModel: optionalText(100),
  appLanguage: languageSchema.optional().catch(undefined),
  language: languageSchema.optional().catch(undefined),
  promptQuestion: optionalText(1000),
  contextType: recordingContextTypeSchema.optional(),
  contextId: optionalId,
  contextName: optionalText(300),
  questionId: optionalText(100),
  clientTimestamp: optionalText(60),
  userAgent: optionalText(500),
  tone: toneSchema.optional().catch(undefined),
  creativity: creativitySchema.optional().catch(undefined),
  /** "Tell me about this picture": the photo the recording is told about (authorized in saveRecording). */
  aboutPhotoId: optionalId,
  /** The device's id for the take (issue 31): a take sent again is stored once. */
  takeId: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), takeIdSchema.optional()),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

export interface UploadForm {
  /** The uploaded audio, spooled to a temporary file as it arrived (never held in memory). */
  audioFile: string;
  /** Bytes received. */
  sizeBytes: number;
  filename: string | undefined;
  fields: UploadFields;
  /** Removes the temporary file; `uploadRecording` does so whatever happens. */
  discard(): Promise<void>;
}

export interface UploadFormOptions {
  /**
   * Checks text fields a route needs beyond the recording's own (a contributor's name):
   * called as the audio begins, with the fields sent before it, so a refusal comes before a
   * byte of audio is taken; then once the whole form is read, with every field.
   */
  checkFields?: (fields: Readonly<Record<string, string>>, stage: 'beforeAudio' | 'complete') => void;
  /** The refusal when the file grows past `maxBytes` (default: too large); a quota's own when its room is the smaller. */
  overLimit?: () => HttpError;
}

/**
 * Reads a multipart upload: one `audio` file within the size limit, streamed to a
 * temporary file, and the known fields. A body that is not proper multipart is a 400, a
 * file over the limit a 413, a full temporary disk a 507; on any refusal the file is gone.
 */
export async function readUploadForm(request: FastifyRequest, maxBytes: number, options: UploadFormOptions = {}): Promise<UploadForm> {
  if (!request.isMultipart()) throw fieldError('audio', 'expected a multipart upload');
  // Removed on every way out: a refusal here, the upload's end (uploadRecording), the process's exit.
  const { dir, remove: discard } = await makeTempFolder('upload').catch((error: unknown) => {
    throw refusalOf(error);
  });
  const overLimit = options.overLimit ?? uploadRefusal.tooLarge;
  try {
    const raw: Record<string, string> = {};
    let audio: { file: string; sizeBytes: number; filename: string | undefined } | undefined;
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 40, fieldSize: 10_000 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'audio') {
          part.file.resume();
          throw fieldError(part.fieldname, 'unexpected file');
        }
        try {
          refuseUnstorableText(part.filename, 'audio');
          options.checkFields?.(raw, 'beforeAudio');
        } catch (error) {
          part.file.resume();
          throw error;
        }
        const file = path.join(dir, 'audio');
        audio = { file, sizeBytes: await spoolFilePart(part, file, overLimit), filename: part.filename };
      } else if (typeof part.value === 'string') {
        refuseUnstorableText(part.value, part.fieldname);
        raw[part.fieldname] = part.value;
      }
    }
    options.checkFields?.(raw, 'complete');
    if (!audio) throw fieldError('audio', 'Required');
    return { audioFile: audio.file, sizeBytes: audio.sizeBytes, filename: audio.filename, fields: parseUploadFields(raw), discard };
  } catch (error) {
    await discard();
    throw refusalOf(error, overLimit);
  }
}

/**
 * The text fields of an upload checked by its rules (the multipart form's, and the fields an
 * upload in pieces starts with, `under` its body's `fields`): a string that cannot be stored,
 * or a value out of bounds, is a 400 naming its field.
 */
export function parseUploadFields(raw: Readonly<Record<string, string>>, under?: string): UploadFields {
  const name = (field: string) => (under ? `${under}.${field}` : field);
  for (const [field, value] of Object.entries(raw)) refuseUnstorableText(value, name(field));
  const parsed = uploadFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(name(issue.path.join('.')), issue.message);
  }
  return parsed.data;
}

/** What a failed read of the form tells the client, in a recording's words. */
function refusalOf(error: unknown, overLimit: () => HttpError = uploadRefusal.tooLarge): unknown {
  return multipartRefusalOf(error, {
    overLimit,
    tooManyFiles: () => fieldError('audio', 'one file per upload'),
    storageFull: uploadRefusal.storageFull,
    malformed: uploadRefusal.malformed,
  });
}
