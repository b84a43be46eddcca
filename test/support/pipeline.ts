import { expect } from 'vitest';
import type { HttpClient } from './http-client.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done` holds for what `read` returns, or fails after `timeoutMs` (every caller names its own). */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  if (!(timeoutMs > 0)) throw new Error(`waitFor needs a timeout in milliseconds, got ${timeoutMs}`);
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) expect.fail(`gave up waiting; last value: ${JSON.stringify(value)}`);
    await sleep(200);
    value = await read();
  }
  return value;
}

type Json = Record<string, any>;

/** The recording's status once it is transcribed or failed. */
export const settledRecording = (client: HttpClient, id: number, timeoutMs: number) =>
  waitFor<Json>(
    async () => (await client.get(`/api/recordings/${id}/status`)).json(),
    (s) => s.processingStatus === 'transcribed' || s.processingStatus === 'failed',
    timeoutMs,
  );

/** The story once it is no longer processing. */
export const settledStory = (client: HttpClient, id: number, timeoutMs: number) =>
  waitFor<Json>(
    async () => (await client.get(`/api/stories/${id}`)).json(),
    (s) => s.processingStatus !== 'processing',
    timeoutMs,
  );
