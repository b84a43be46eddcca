import { sendRequest } from './request.ts';

/** GET /api/health within `timeoutMs`; the answer unchecked, for the diagnostics page to read its status and body. */
export function readHealth(timeoutMs: number): Promise<Response> {
  return sendRequest('GET', '/api/health', undefined, { signal: AbortSignal.timeout(timeoutMs) });
}
