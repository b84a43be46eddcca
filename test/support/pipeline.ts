import type { HttpClient } from './http-client.ts';
import { waitFor } from './wait-for.ts';

export { waitFor } from './wait-for.ts';

type Json = Record<string, any>;

/** The recording's status once it is transcribed or failed. */
export const settledRecording = (client: HttpClient, id: number, timeoutMs: number) =>
  waitFor<Json>(
    async () => (await client.get(`/api/recordings/${id}/status`)).json(),
    (s) => s.processingStatus === 'transcribed' || s.processingStatus === 'failed',
    timeoutMs,
    `recording ${id} transcribed or failed`,
  );

/** The story once it is no longer processing. */
export const settledStory = (client: HttpClient, id: number, timeoutMs: number) =>
  waitFor<Json>(
    async () => (await client.get(`/api/stories/${id}`)).json(),
    (s) => s.processingStatus !== 'processing',
    timeoutMs,
    `story ${id} no longer processing`,
  );
