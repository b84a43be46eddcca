import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { languageSchema } from '../../contract/languages.ts';
import { creativitySchema, toneSchema } from '../../contract/story-options.ts';
import { recordingContextTypeSchema } from '../../contract/uploads.ts';
import { HttpError } from '../http/errors.ts';

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
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

export interface UploadForm {
  audio: Buffer;
  filename: string | undefined;
  fields: UploadFields;
}

/** Reads a multipart upload: one `audio` file within the size limit, and the known fields. */
export async function readUploadForm(request: FastifyRequest, maxBytes: number): Promise<UploadForm> {
  if (!request.isMultipart()) throw new HttpError(400, 'validation', 'audio: expected a multipart upload', 'audio');
  const raw: Record<string, string> = {};
  let audio: Buffer | undefined;
  let filename: string | undefined;
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 40, fieldSize: 10_000 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'audio') {
        await (part as MultipartFile).toBuffer().catch(() => undefined);
        throw new HttpError(400, 'validation', `${part.fieldname}: unexpected file`, part.fieldname);
      }
      audio = await readFile(part);
      filename = part.filename;
    } else if (typeof part.value === 'string') {
      raw[part.fieldname] = part.value;
    }
  }
  if (!audio) throw new HttpError(400, 'validation', 'audio: Required', 'audio');
  const parsed = uploadFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join('.');
    throw new HttpError(400, 'validation', `${field}: ${issue.message}`, field);
  }
  return { audio, filename, fields: parsed.data };
}

async function readFile(part: MultipartFile): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'too_large', 'Audio file is too large. Please record a shorter message.');
    }
    throw error;
  }
}
