import { apiErrorSchema, type ApiError } from '../../../contract/auth.ts';

/** A non-success API response: message "{status}: {body text or status text}" (spec 7.1, 8.1). */
export class ApiRequestError extends Error {
  readonly status: number;
  /** Machine-readable code from the error body, for a translated text. */
  readonly code?: string;
  /** The request field a validation error is about. */
  readonly field?: string;
  /** The server's own message from the error body, when it sent one. */
  readonly serverMessage?: string;

  constructor(status: number, message: string, body: ApiError | null) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = body?.code;
    this.field = body?.field;
    this.serverMessage = body?.message;
  }
}

/**
 * Whether a call failed because the server was not reached (no network, a connection cut, or
 * one so slow that its time ran out): fetch() rejects with a TypeError, or the timeout's error.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof DOMException && (error.name === 'NetworkError' || error.name === 'TimeoutError'));
}

/** The spec's transport error message: "{status}: {body text or status text}". */
export function formatErrorMessage(status: number, statusText: string, bodyText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

/** The structured error body, or null when the body is not one. */
export function parseErrorBody(bodyText: string): ApiError | null {
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Throws an ApiRequestError for any non-success response. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  throw new ApiRequestError(
    response.status,
    formatErrorMessage(response.status, response.statusText, bodyText),
    parseErrorBody(bodyText),
  );
}

/** Parsed JSON of a response, or undefined when it has no body. */
async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** What a request may carry besides its body: headers of its own, a signal that aborts it. */
export interface RequestOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Sends a request to the app's own API with cookies: FormData and Blob bodies go as they are,
 * any other body as JSON, no body sends none. The answer is not checked: for a caller that
 * reads the status itself; the others use apiRequest.
 */
export function sendRequest(method: string, url: string, body?: unknown, { headers, signal }: RequestOptions = {}): Promise<Response> {
  const asIs = body instanceof FormData || body instanceof Blob;
  return fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined || asIs ? headers : { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : asIs ? body : JSON.stringify(body),
    signal,
  });
}

/** Calls the app's own API (as sendRequest) and resolves with the parsed JSON answer; a non-success throws an ApiRequestError. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const response = await sendRequest(method, url, body, options);
  await throwIfNotOk(response);
  return readJson<T>(response);
}

/** Like apiRequest, for an answer that is not JSON (a question's audio): resolves with its body. */
export async function apiBlob(method: string, url: string, body?: unknown, options?: RequestOptions): Promise<Blob> {
  const response = await sendRequest(method, url, body, options);
  await throwIfNotOk(response);
  return response.blob();
}

/** What a read does with a 401: raise (the default) or yield null (the current-user read). */
export type UnauthorizedBehavior = 'throw' | 'returnNull';

/** A GET of parsed JSON; with on401 'returnNull' a 401 gives null instead of an error. */
export async function getJson<T>(url: string, on401: UnauthorizedBehavior = 'throw'): Promise<T | null> {
  const response = await sendRequest('GET', url);
  if (on401 === 'returnNull' && response.status === 401) return null;
  await throwIfNotOk(response);
  return readJson<T>(response);
}

/**
 * The URL a query key names: string and number parts joined by "/", and a trailing
 * plain object as search parameters, e.g. ['/api/stories', 5] or ['/api/people', { language }].
 */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  const last = queryKey[queryKey.length - 1];
  const hasParams = typeof last === 'object' && last !== null;
  const parts = (hasParams ? queryKey.slice(0, -1) : queryKey).map(String);
  let url = parts.join('/');
  if (hasParams) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(last as Record<string, unknown>)) {
      if (value !== undefined && value !== null) search.set(key, String(value));
    }
    const query = search.toString();
    if (query) url += `?${query}`;
  }
  return url;
}
