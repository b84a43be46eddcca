import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import errorsEn from '../i18n/locales/en/errors.json';
import errorsFi from '../i18n/locales/fi/errors.json';
import { ApiRequestError } from './request.ts';
import { errorTextSource, KNOWN_FIELDS } from './errorText.ts';

const SERVER = join(import.meta.dirname, '../../../server');

/** Every error code the server's own code can answer with: HttpError(status, 'code', ...) and literal `code: '...'` bodies. */
function serverErrorCodes(): string[] {
  const codes = new Set<string>();
  const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  for (const file of files) {
    const source = readFileSync(join(SERVER, file), 'utf8');
    for (const match of source.matchAll(/HttpError\(\s*\d+,\s*'([a-z_]+)'/g)) codes.add(match[1]);
    for (const match of source.matchAll(/send\(\{[^}]*\bcode: '([a-z_]+)'/g)) codes.add(match[1]);
  }
  return [...codes].sort();
}

const hasText = (codes: Record<string, string>) => (code: string) => code in codes;

const apiError = (status: number, body: { message: string; code?: string; field?: string } | null) =>
  new ApiRequestError(status, `${status}: ${JSON.stringify(body)}`, body);

describe('error texts by code', () => {
  it('finds the codes in the server', () => {
    // A guard for the scan itself: these are certainly there.
    expect(serverErrorCodes()).toEqual(expect.arrayContaining(['unauthorized', 'not_found', 'validation', 'storage_full', 'internal']));
  });

  it.each(serverErrorCodes())('the code %s has words in English and Finnish', (code) => {
    for (const codes of [errorsEn.codes, errorsFi.codes]) {
      const source = errorTextSource(apiError(400, { message: 'The server speaks English', code }), hasText(codes));
      expect(['code', 'catalogue', 'validation']).toContain(source.kind);
      if (source.kind === 'code') expect(codes[source.code as keyof typeof codes]).toBeTruthy();
    }
    if (code in errorsEn.codes) {
      const key = code as keyof typeof errorsEn.codes;
      expect(errorsFi.codes[key]).toBeTruthy();
      expect(errorsFi.codes[key]).not.toBe(errorsEn.codes[key]);
    }
  });

  it('has a validation text for every field it names', () => {
    for (const field of KNOWN_FIELDS) {
      expect(errorsEn.validation[field]).toBeTruthy();
      expect(errorsFi.validation[field]).toBeTruthy();
    }
  });

  it('picks the text by code, not by the English message', () => {
    const known = hasText(errorsEn.codes);
    expect(errorTextSource(apiError(409, { message: 'The story is being written already', code: 'busy' }), known)).toEqual({
      kind: 'code',
      code: 'busy',
    });
    expect(errorTextSource(apiError(413, { message: 'Audio file is too large.', code: 'too_large' }), known)).toEqual({
      kind: 'catalogue',
      code: 'too_large',
    });
    expect(errorTextSource(apiError(400, { message: 'Could not decode', code: 'unreadable_audio' }), known)).toEqual({
      kind: 'catalogue',
      code: 'unprocessable_audio',
    });
    expect(
      errorTextSource(apiError(400, { message: 'authorName: Too big', code: 'validation', field: 'authorName' }), known),
    ).toEqual({ kind: 'validation', field: 'authorName' });
    expect(errorTextSource(apiError(400, { message: 'x: bad', code: 'validation', field: 'x' }), known)).toEqual({
      kind: 'validation',
      field: 'default',
    });
  });

  it('reads the status when the body has no code it knows', () => {
    const known = hasText(errorsEn.codes);
    expect(errorTextSource(apiError(401, null), known)).toEqual({ kind: 'code', code: 'unauthorized' });
    expect(errorTextSource(apiError(413, null), known)).toEqual({ kind: 'catalogue', code: 'too_large' });
    expect(errorTextSource(apiError(429, null), known)).toEqual({ kind: 'code', code: 'rate_limited' });
    expect(errorTextSource(apiError(502, { message: 'Bad gateway' }), known)).toEqual({ kind: 'generic' });
    expect(errorTextSource(apiError(415, { message: 'Unsupported Media Type', code: 'fst_err_ctp_invalid_media_type' }), known)).toEqual({
      kind: 'generic',
    });
  });

  it("keeps the server's words only for a code nobody translated", () => {
    expect(errorTextSource(apiError(400, { message: 'A brand new refusal', code: 'brand_new' }), hasText(errorsEn.codes))).toEqual({
      kind: 'server',
      message: 'A brand new refusal',
    });
  });

  it('treats anything but an answer from the server as a network failure', () => {
    expect(errorTextSource(new TypeError('Failed to fetch'), hasText(errorsEn.codes))).toEqual({ kind: 'network' });
  });
});
