import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  apiBlob,
  apiRequest,
  formatErrorMessage,
  getJson,
  isNetworkFailure,
  parseErrorBody,
  queryKeyToUrl,
} from './request.ts';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('formatErrorMessage', () => {
  it('uses the body text when there is one', () => {
    expect(formatErrorMessage(409, 'Conflict', '{"message":"taken"}')).toBe('409: {"message":"taken"}');
  });

  it('falls back to the status text for an empty body', () => {
    expect(formatErrorMessage(500, 'Internal Server Error', '')).toBe('500: Internal Server Error');
  });
});

describe('parseErrorBody', () => {
  it('reads message, code and field', () => {
    expect(parseErrorBody('{"message":"Bad email","code":"validation","field":"email"}')).toEqual({
      message: 'Bad email',
      code: 'validation',
      field: 'email',
    });
  });

  it('gives null for text that is not an error body', () => {
    expect(parseErrorBody('Bad gateway')).toBeNull();
    expect(parseErrorBody('{"error":1}')).toBeNull();
  });
});

describe('apiRequest', () => {
  it('sends JSON bodies with a JSON content type and cookies', async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    await expect(apiRequest('PUT', '/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/x');
    expect(init).toMatchObject({ method: 'PUT', credentials: 'include', body: '{"a":1}' });
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('sends form data as is, without a content type', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    const form = new FormData();
    form.set('duration', '3');
    await expect(apiRequest('POST', '/api/recordings', form)).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0][1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toBeUndefined();
  });

  it('sends no body when there is none', async () => {
    const fetchMock = stubFetch(Response.json({ id: 'e1' }));
    await apiRequest('POST', '/api/email/welcome');
    expect(fetchMock.mock.calls[0][1]?.body).toBeUndefined();
  });

  it('sends headers of its own beside the JSON type, and its signal', async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    const signal = new AbortController().signal;
    await apiRequest('POST', '/api/x', { a: 1 }, { headers: { 'X-Chunk-Index': '2' }, signal });
    const init = fetchMock.mock.calls[0][1];
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json', 'X-Chunk-Index': '2' });
    expect(init?.signal).toBe(signal);
  });

  it('sends a Blob as it is, with only the headers given (audio with its own type)', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    const chunk = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });
    await apiRequest('POST', '/api/realtime', chunk, { headers: { 'Content-Type': 'audio/webm' } });
    const init = fetchMock.mock.calls[0][1];
    expect(init?.body).toBe(chunk);
    expect(init?.headers).toEqual({ 'Content-Type': 'audio/webm' });
  });

  it('turns an error response into an ApiRequestError with status, code and field', async () => {
    const body = '{"message":"Email is taken","code":"email_taken","field":"email"}';
    stubFetch(new Response(body, { status: 409, statusText: 'Conflict' }));
    const error = await apiRequest('POST', '/api/auth/local/sign-up', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      message: `409: ${body}`,
      status: 409,
      code: 'email_taken',
      field: 'email',
      serverMessage: 'Email is taken',
    });
  });
});

describe('apiBlob', () => {
  it("resolves with an answer's bytes, and raises on an error like apiRequest", async () => {
    stubFetch(new Response(new Uint8Array([7, 8]), { headers: { 'Content-Type': 'audio/mpeg' } }));
    const audio = await apiBlob('POST', '/api/conversation/speech', { text: 'Hei' });
    expect([...new Uint8Array(await audio.arrayBuffer())]).toEqual([7, 8]);
    stubFetch(new Response('{"message":"No voice","code":"speech_unavailable"}', { status: 503 }));
    await expect(apiBlob('POST', '/api/conversation/speech', { text: 'Hei' })).rejects.toMatchObject({ status: 503, code: 'speech_unavailable' });
  });
});

describe('getJson', () => {
  it('yields null on 401 when asked to', async () => {
    stubFetch(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(getJson('/api/auth/user', 'returnNull')).resolves.toBeNull();
  });

  it('raises on 401 by default', async () => {
    stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(getJson('/api/stories')).rejects.toThrow('401: Unauthorized');
  });
});

describe('isNetworkFailure', () => {
  it('is a request that never reached the server, not an answer that refused it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(isNetworkFailure(await apiRequest('GET', '/api/x').catch((error: unknown) => error))).toBe(true);
    expect(isNetworkFailure(new DOMException('The operation timed out.', 'TimeoutError'))).toBe(true);
    stubFetch(new Response('{"message":"no","code":"too_large"}', { status: 413 }));
    expect(isNetworkFailure(await apiRequest('GET', '/api/x').catch((error: unknown) => error))).toBe(false);
  });
});

describe('queryKeyToUrl', () => {
  it('joins path parts and appends a trailing object as search parameters', () => {
    expect(queryKeyToUrl(['/api/auth/user'])).toBe('/api/auth/user');
    expect(queryKeyToUrl(['/api/stories', 12, 'with-recordings'])).toBe('/api/stories/12/with-recordings');
    expect(queryKeyToUrl(['/api/people', { language: 'fi', skip: undefined }])).toBe('/api/people?language=fi');
  });
});
