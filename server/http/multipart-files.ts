import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { HttpError } from './errors.ts';

/**
 * Writes a multipart file part to disk as it arrives (never held in memory) and answers its
 * size; past the parser's `fileSize` limit the part is cut and `overLimit` thrown. Recordings
 * and photos spool their uploads with it.
 */
export async function spoolFilePart(part: MultipartFile, file: string, overLimit: () => HttpError): Promise<number> {
  await pipeline(part.file, createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  // Past the limit busboy drops the rest and marks the part truncated.
  if (part.file.truncated) throw overLimit();
  return (await stat(file)).size;
}

/** The refusals a multipart upload's reading can end in, in the words of what is uploaded. */
export interface MultipartRefusals {
  overLimit: () => HttpError;
  tooManyFiles: () => HttpError;
  storageFull: () => HttpError;
  malformed: () => HttpError;
}

/** What a failed read of a multipart form tells the client: a refusal in the upload's words, or the error itself when it is ours. */
export function multipartRefusalOf(error: unknown, refusals: MultipartRefusals): unknown {
  if (error instanceof HttpError) return error;
  const { code, syscall } = error as NodeJS.ErrnoException;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return refusals.overLimit();
  if (code === 'FST_FILES_LIMIT') return refusals.tooManyFiles();
  if (code === 'ENOSPC' || code === 'EDQUOT') return refusals.storageFull();
  // Any other trouble of this machine's disk is ours, not the client's.
  if (syscall) return error;
  // The multipart parser's own refusals: no boundary, the wrong or an impossible one, a body cut off.
  if (code?.startsWith('FST_') || MULTIPART_TROUBLE.test((error as Error).message ?? '')) return refusals.malformed();
  return error;
}

/** Words of busboy's errors, which carry no code. */
const MULTIPART_TROUBLE = /multipart|boundary|needle|terminated early|content.type/i;
