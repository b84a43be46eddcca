import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { AiError } from '../../contract/ai-errors.ts';

// The error class lives with its catalogue, so that audio decoding (below ai/) throws it too.
export { AiError, type AiErrorOptions, isAiError } from '../../contract/ai-errors.ts';

/** What the call was doing, which decides what a 400 means. */
export type ProviderTask = 'transcription' | 'writing' | 'speech';

function retryAfterFromHeaders(headers: Headers | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

/**
 * Maps an error from the OpenAI SDK (or any OpenAI-compatible server) to the catalogue.
 * 429 insufficient_quota is final; a 429 rate limit (with how long to wait), 5xx and
 * timeouts are retryable. The adapters never retry: the job queue does, in one place.
 */
export function fromOpenAiError(error: unknown, task: ProviderTask): AiError | unknown {
  if (error instanceof AiError || error instanceof APIUserAbortError) return error;
  if (error instanceof APIConnectionTimeoutError) {
    return new AiError('temporarily_unavailable', { retryable: true, detail: 'request timed out', cause: error });
  }
  if (error instanceof APIConnectionError) {
    return new AiError('temporarily_unavailable', { retryable: true, detail: error.message, cause: error });
  }
  if (!(error instanceof APIError)) return error;
  const status = error.status ?? 0;
  const detail = `${status} ${error.code ?? error.type ?? ''} ${error.message}`.trim();
  const base = { status, detail, cause: error };
  if (status === 401 || status === 403) return new AiError('authentication_failed', base);
  if (status === 429) {
    if (error.code === 'insufficient_quota' || error.type === 'insufficient_quota') {
      return new AiError('quota_exceeded', base);
    }
    return new AiError('temporarily_unavailable', {
      ...base,
      retryable: true,
      retryAfterMs: retryAfterFromHeaders(error.headers) ?? 5000,
    });
  }
  if (status === 413) return new AiError('too_large', base);
  if (status === 408 || status === 409 || status >= 500) {
    return new AiError('temporarily_unavailable', { ...base, retryable: true });
  }
  if (status === 400 && task === 'transcription') return new AiError('unprocessable_audio', base);
  return new AiError('processing_failed', base);
}
