import { useQuery, type QueryClient } from '@tanstack/react-query';
import { liveCapabilitiesSchema, REALTIME_CHUNK_INDEX_HEADER, type LiveCapabilities } from '../../../contract/live.ts';
import { getJson, sendRequest } from './request.ts';

/**
 * Whether this server can offer live text, and whether it should be on by default
 * (GET /api/live). It does not change while the server runs, so it is asked once.
 */
const liveCapabilitiesQuery = {
  queryKey: ['/api/live'],
  queryFn: async (): Promise<LiveCapabilities> => liveCapabilitiesSchema.parse(await getJson<unknown>('/api/live')),
  staleTime: Infinity,
  retry: false,
} as const;

export function useLiveCapabilities() {
  return useQuery(liveCapabilitiesQuery);
}

/** The capabilities, asked now if not yet known; undefined when the server could not say (no live text then). */
export async function loadLiveCapabilities(queryClient: QueryClient): Promise<LiveCapabilities | undefined> {
  try {
    return await queryClient.ensureQueryData(liveCapabilitiesQuery);
  } catch (error) {
    console.warn('Live text capabilities could not be read:', error);
    return undefined;
  }
}

/**
 * POST /api/realtime: the streaming test's chunk number `index`, as audio of `contentType`. The
 * answer unchecked: the test tells a missing streaming service (503) from a failed connection.
 */
export function postRealtimeChunk(chunk: Blob, contentType: string, index: number): Promise<Response> {
  return sendRequest('POST', '/api/realtime', chunk, { headers: { 'Content-Type': contentType, [REALTIME_CHUNK_INDEX_HEADER]: String(index) } });
}
