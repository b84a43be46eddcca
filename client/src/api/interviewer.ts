import { useQuery } from '@tanstack/react-query';
import { interviewAnswersSchema } from '../../../contract/interviewer.ts';
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
