import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRequestError,
  apiRequest,
  formatErrorMessage,
  getJson,
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

describe('queryKeyToUrl', () => {
  it('joins path parts and appends a trailing object as search parameters', () => {
    expect(queryKeyToUrl(['/api/auth/user'])).toBe('/api/auth/user');
    expect(queryKeyToUrl(['/api/stories', 12, 'with-recordings'])).toBe('/api/stories/12/with-recordings');
    expect(queryKeyToUrl(['/api/people', { language: 'fi', skip: undefined }])).toBe('/api/people?language=fi');
  });
});
