import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/request.ts';
import { describeUploadError } from './recordingErrors.ts';

const apiError = (status: number, message: string, code?: string) =>
  new ApiRequestError(status, `${status}: ${JSON.stringify({ message, code })}`, { message, code });

describe('describeUploadError', () => {
  it('reads the error code first', () => {
    expect(describeUploadError(apiError(400, 'Nothing to hear', 'no_speech'))).toEqual({ kind: 'catalogue', code: 'no_speech' });
    expect(describeUploadError(apiError(413, 'Audio file is too large.', 'too_large'))).toEqual({
      kind: 'catalogue',
      code: 'too_large',
    });
    expect(describeUploadError(apiError(400, 'Could not decode', 'unreadable_audio'))).toEqual({
      kind: 'catalogue',
      code: 'unprocessable_audio',
    });
    expect(describeUploadError(apiError(400, 'Too short', 'too_short'))).toEqual({ kind: 'too_short' });
  });

  it('leaves every other code to the translated code texts, never the English message', () => {
    for (const [status, message, code] of [
      [507, 'There is no room to store the recording right now.', 'storage_full'],
      [400, 'The upload was incomplete or malformed.', 'malformed_upload'],
      [409, 'The story is being written already', 'busy'],
      [404, 'Not found', 'not_found'],
      [500, 'Internal server error', 'internal'],
      // A code nobody knows yet: useErrorText decides, with the server's words as the last resort.
      [400, 'Something new', 'brand_new'],
    ] as const) {
      const error = apiError(status, message, code);
      expect(describeUploadError(error)).toEqual({ kind: 'by_code', error });
    }
  });

  it('matches the message by substring when the code says nothing', () => {
    expect(describeUploadError(apiError(400, 'Very little speech detected', 'validation'))).toEqual({
      kind: 'catalogue',
      code: 'very_little_speech',
    });
    expect(describeUploadError(apiError(422, 'Recording contains excessive repetition'))).toEqual({
      kind: 'catalogue',
      code: 'excessive_repetition',
    });
    expect(describeUploadError(new Error('Poor audio quality detected'))).toEqual({
      kind: 'catalogue',
      code: 'poor_audio_quality',
    });
  });

  it('fills the message of "Upload failed"', () => {
    expect(describeUploadError(apiError(500, 'Upload failed: disk full'))).toEqual({
      kind: 'catalogue',
      code: 'upload_failed',
      params: { message: 'disk full' },
    });
  });

  it('reads a 413 without a body as too large', () => {
    expect(describeUploadError(new ApiRequestError(413, '413: Payload Too Large', null))).toEqual({
      kind: 'catalogue',
      code: 'too_large',
    });
  });

  it('treats a 401 as signed out', () => {
    expect(describeUploadError(apiError(401, 'Not signed in', 'unauthorized'))).toEqual({ kind: 'signed_out' });
  });

  it('tells an answer without a known text by its status, and a lost connection as such', () => {
    const down = apiError(500, 'Database is down');
    expect(describeUploadError(down)).toEqual({ kind: 'by_code', error: down });
    const offline = new TypeError('Failed to fetch');
    expect(describeUploadError(offline)).toEqual({ kind: 'by_code', error: offline });
  });

  it('passes a failure that is no answer at all through as "Error: {message}"', () => {
    expect(describeUploadError(new Error('Recorder broke'))).toEqual({ kind: 'other', message: 'Recorder broke' });
  });
});
