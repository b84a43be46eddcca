import { useQuery } from '@tanstack/react-query';
import { interviewAnswersSchema, lifeGapsSchema } from '../../../contract/interviewer.ts';
import type { Language } from '../../../contract/languages.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { getJson } from './request.ts';

/**
 * GET /api/interviewer/answers: the stories answering each interviewer question; read every
 * 2 s while one of them is still being written (spec 7.12, stories in the interviewer).
 */
export function useInterviewAnswers() {
  return useQuery({
    queryKey: ['/api/interviewer', 'answers'] as const,
    queryFn: async () => interviewAnswersSchema.parse(await getJson<unknown>('/api/interviewer/answers')),
    refetchInterval: (query) =>
      Object.values(query.state.data ?? {}).some((stories) => stories.some((story) => story.processingStatus === 'processing'))
        ? TIMINGS.statusPollMs
        : false,
  });
}

/** While questions are being written: every 2 s for the first 15 reads, then every 10 s (the writer may be waiting for its model). */
const GAP_FAST_READS = 15;
const GAP_SLOW_POLL_MS = 10_000;

/** GET /api/interviewer/gaps: the untold decades, people and places, with the questions asked about them. */
export function useLifeGaps(language: Language) {
  return useQuery({
    queryKey: ['/api/interviewer', 'gaps', { language }] as const,
    queryFn: async () => lifeGapsSchema.parse(await getJson<unknown>(`/api/interviewer/gaps?language=${language}`)),
    refetchInterval: (query) => {
      if (!query.state.data?.writing) return false;
      return query.state.dataUpdateCount < GAP_FAST_READS ? TIMINGS.statusPollMs : GAP_SLOW_POLL_MS;
    },
  });
}
