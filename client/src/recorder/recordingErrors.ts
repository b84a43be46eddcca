import { matchAiError, type AiErrorCode } from '../../../contract/ai-errors.ts';
import { canonicalCode, isCatalogueCode } from '../api/errorText.ts';
import { ApiRequestError } from '../api/request.ts';

/**
 * What an upload failure tells the user (spec 8.3): a catalogue text, the too-short text,
 * the text of the answer's error code (useErrorText), or "Error: {message}".
 */
export type UploadErrorText =
  | { kind: 'catalogue'; code: AiErrorCode; params?: Record<string, string> }
  | { kind: 'too_short' }
  | { kind: 'signed_out' }
  /** Told by its error code in the interface language; the server's words only for a code nobody translated. */
  | { kind: 'by_code'; error: unknown }
  | { kind: 'other'; message: string };

function catalogueText(code: AiErrorCode, message: string): UploadErrorText {
  if (code !== 'upload_failed') return { kind: 'catalogue', code };
  // "Upload failed: {message}": the part after the server's own prefix.
  const detail = message.replace(/^.*?upload failed:?\s*/i, '').replace(/\.$/, '');
  return { kind: 'catalogue', code, params: { message: detail || message } };
}

/** The text of a failed upload: by the error body's code first, then by substring of its message. */
export function describeUploadError(error: unknown): UploadErrorText {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return { kind: 'signed_out' };
    const code = error.code ? canonicalCode(error.code) : undefined;
    if (code === 'too_short') return { kind: 'too_short' };
    if (code && isCatalogueCode(code)) return catalogueText(code, error.serverMessage ?? error.message);
    // A validation error or a body without a code may still carry a catalogue text (spec 8.3 matches substrings).
    if (!code || code === 'validation') {
      const matched = matchAiError(error.serverMessage ?? error.message);
      if (matched) return catalogueText(matched.code, error.serverMessage ?? error.message);
    }
    return { kind: 'by_code', error };
  }
  // fetch() rejects with a TypeError when the server was not reached.
  if (error instanceof TypeError) return { kind: 'by_code', error };
  const message = error instanceof Error ? error.message : String(error);
  const matched = matchAiError(message);
  return matched ? catalogueText(matched.code, message) : { kind: 'other', message };
}
