import { useQuery } from '@tanstack/react-query';
import {
  awaitedEngine,
  type AwaitedEngine,
  ENGINE_READINESS_POLL_MS,
  engineReadinessSchema,
  type PendingWork,
} from '../../../contract/engines.ts';
import { getJson } from './request.ts';

/** GET /api/engines: one query (one cache entry) for every screen that asks about the engines. */
export const engineReadinessQuery = {
  queryKey: ['/api/engines'],
  queryFn: async () => engineReadinessSchema.parse(await getJson<unknown>('/api/engines')),
};

/**
 * The engine pending work waits for (GET /api/engines), or null. Asked only while work is
 * pending, and again every few seconds, so the notice goes once the model is there.
 */
export function useAwaitedEngine(work: PendingWork): AwaitedEngine | null {
  const pending = work.transcription || work.writing;
  const readiness = useQuery({
    ...engineReadinessQuery,
    enabled: pending,
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === 'error' ? false : ENGINE_READINESS_POLL_MS),
  });
  return pending ? awaitedEngine(readiness.data, work) : null;
}
