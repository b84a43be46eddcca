import { AI_ERROR_CODES, type AiErrorCode } from '../../../contract/ai-errors.ts';
import { ApiRequestError } from './request.ts';

/** Fields a validation error can name that have their own translated text. */
export const KNOWN_FIELDS = [
  'email', 'password', 'firstName', 'lastName', 'authorName', 'language',
  // People and places (spec 5, Person save and Place save).
  'name', 'relationship', 'characterization', 'type', 'description', 'significance', 'labels',
] as const;

/** Server codes that name a catalogue entry by another name. */
const CODE_ALIASES: Partial<Record<string, AiErrorCode>> = { unreadable_audio: 'unprocessable_audio' };

/** Where the words for a failed call come from; the hook in useErrorText.ts turns this into text. */
export type ErrorTextSource =
  /** A field's own validation text, or the form's general one. */
  | { kind: 'validation'; field: (typeof KNOWN_FIELDS)[number] | 'default' }
  /** The AI and upload catalogue of contract/ai-errors.ts (spec 8.2, 8.3). */
  | { kind: 'catalogue'; code: AiErrorCode }
  /** errors:codes.{code}. */
  | { kind: 'code'; code: string }
  /** A code no text exists for: the server's own words, when the caller wants them. */
  | { kind: 'server'; message: string }
  | { kind: 'generic' }
  /** No answer at all: the server was not reached. */
  | { kind: 'network' };

export function isCatalogueCode(code: string): code is AiErrorCode {
  return (AI_ERROR_CODES as readonly string[]).includes(code);
}

/** A server code as the client knows it (an alias resolved). */
export const canonicalCode = (code: string): string => CODE_ALIASES[code] ?? code;

/**
 * Chooses the text of a failed call by its error code, so it is always in the interface
 * language; the server's own (English) message is used only for a code with no text.
 */
export function errorTextSource(error: unknown, hasCodeText: (code: string) => boolean): ErrorTextSource {
  if (!(error instanceof ApiRequestError)) return { kind: 'network' };
  const code = error.code ? canonicalCode(error.code) : undefined;
  if (code === 'validation') {
    const field = KNOWN_FIELDS.find((known) => known === error.field) ?? 'default';
    return { kind: 'validation', field };
  }
  if (code && isCatalogueCode(code)) return { kind: 'catalogue', code };
  if (code && hasCodeText(code)) return { kind: 'code', code };
  // Fastify's own refusals (bad JSON, wrong content type) are the app's mistake, not the person's.
  if (code?.startsWith('fst_')) return { kind: 'generic' };
  // Bodies without a code we know (a proxy's page, Fastify's own errors) still have a status.
  if (error.status === 401) return { kind: 'code', code: 'unauthorized' };
  if (error.status === 413) return { kind: 'catalogue', code: 'too_large' };
  if (error.status === 429) return { kind: 'code', code: 'rate_limited' };
  if (error.status >= 500) return { kind: 'generic' };
  return error.serverMessage ? { kind: 'server', message: error.serverMessage } : { kind: 'generic' };
}
