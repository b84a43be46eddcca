import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { describe, expect, it } from 'vitest';
import { AiError, fromOpenAiError } from './errors.ts';

function apiError(status: number, code: string | null, type = 'invalid_request_error', headers: Record<string, string> = {}) {
  return APIError.generate(status, { error: { message: `failure ${status}`, type, code, param: null } }, undefined, new Headers(headers));
}

describe('provider errors', () => {
  it('maps each provider failure to the catalogue', () => {
    const cases: [unknown, string, boolean][] = [
      [apiError(401, 'invalid_api_key'), 'authentication_failed', false],
      [apiError(429, 'insufficient_quota', 'insufficient_quota'), 'quota_exceeded', false],
      [apiError(429, 'rate_limit_exceeded', 'requests'), 'temporarily_unavailable', true],
      [apiError(413, null), 'too_large', false],
      [apiError(500, null, 'server_error'), 'temporarily_unavailable', true],
      [apiError(503, null, 'server_error'), 'temporarily_unavailable', true],
      [new APIConnectionTimeoutError(), 'temporarily_unavailable', true],
      [new APIConnectionError({ message: 'refused' }), 'temporarily_unavailable', true],
    ];
    for (const [error, code, retryable] of cases) {
      const mapped = fromOpenAiError(error, 'transcription') as AiError;
      expect(mapped).toBeInstanceOf(AiError);
      expect([mapped.code, mapped.retryable]).toEqual([code, retryable]);
    }
  });

  it('reads a 400 as unreadable audio for transcription and a processing failure elsewhere', () => {
    expect((fromOpenAiError(apiError(400, 'invalid_value'), 'transcription') as AiError).code).toBe('unprocessable_audio');
    expect((fromOpenAiError(apiError(400, 'invalid_value'), 'writing') as AiError).code).toBe('processing_failed');
  });

  it('takes the delay of a rate limit from Retry-After', () => {
    const mapped = fromOpenAiError(apiError(429, 'rate_limit_exceeded', 'requests', { 'retry-after': '7' }), 'writing') as AiError;
    expect(mapped.retryAfterMs).toBe(7000);
  });

  it('keeps the catalogue text as the message and the provider\'s words as detail', () => {
    const mapped = fromOpenAiError(apiError(429, 'insufficient_quota', 'insufficient_quota'), 'transcription') as AiError;
    expect(mapped.message).toBe('AI transcription service quota exceeded.');
    expect(mapped.detail).toContain('insufficient_quota');
    expect(fromOpenAiError(new TypeError('x'), 'writing')).toBeInstanceOf(TypeError);
  });
});
