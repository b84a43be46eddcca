import { AI_ERROR_CODES, matchAiError, type AiErrorCode } from '../../../contract/ai-errors.ts';
import { ApiRequestError } from '../api/request.ts';

/** What an upload failure tells the user (spec 8.3): a catalogue text, the too-short text, or "Error: {message}". */
export type UploadErrorText =
  | { kind: 'catalogue'; code: AiErrorCode; params?: Record<string, string> }
  | { kind: 'too_short' }
  | { kind: 'signed_out' }
  | { kind: 'refused'; code: UploadRefusalCode }
  | { kind: 'other'; message: string };

/** Refusals that are not the AI catalogue's: the server could not take the upload at all. */
const UPLOAD_REFUSAL_CODES = ['storage_full', 'malformed_upload'] as const;
export type UploadRefusalCode = (typeof UPLOAD_REFUSAL_CODES)[number];
const isUploadRefusal = (code: string): code is UploadRefusalCode => (UPLOAD_REFUSAL_CODES as readonly string[]).includes(code);

/** Server error codes that name a catalogue entry by another name. */
const CODE_ALIASES: Partial<Record<string, AiErrorCode>> = { unreadable_audio: 'unprocessable_audio' };

function isCatalogueCode(code: string): code is AiErrorCode {
  return (AI_ERROR_CODES as readonly string[]).includes(code);
}

function catalogueText(code: AiErrorCode, message: string): UploadErrorText {
  if (code !== 'upload_failed') return { kind: 'catalogue', code };
  // "Upload failed: {message}": the part after the server's own prefix.
  const detail = message.replace(/^.*?upload failed:?\s*/i, '').replace(/\.$/, '');
  return { kind: 'catalogue', code, params: { message: detail || message } };
}

/** The text of a failed upload: by the error body's code first, then by substring of its message. */
export function describeUploadError(error: unknown): UploadErrorText {
  const message =
    error instanceof ApiRequestError ? (error.serverMessage ?? error.message) : error instanceof Error ? error.message : String(error);
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return { kind: 'signed_out' };
    const code = error.code ? (CODE_ALIASES[error.code] ?? error.code) : undefined;
    if (code === 'too_short') return { kind: 'too_short' };
    if (code && isUploadRefusal(code)) return { kind: 'refused', code };
    if (code && isCatalogueCode(code)) return catalogueText(code, message);
  }
  const matched = matchAiError(message);
  return matched ? catalogueText(matched.code, message) : { kind: 'other', message };
}
