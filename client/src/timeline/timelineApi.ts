import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { Language } from '../../../contract/languages.ts';
import { timelineYearSchema } from '../../../contract/library.ts';
import { CACHE_MS } from '../../../contract/timings.ts';
import { getJson, queryKeyToUrl } from '../api/request.ts';

/** GET /api/timeline: the stories by year, newest year first. */
export const timelineQuery = (language: Language) =>
  queryOptions({
    queryKey: ['/api/timeline', { language }] as const,
    queryFn: async ({ queryKey }) => z.array(timelineYearSchema).parse(await getJson<unknown>(queryKeyToUrl(queryKey))),
    staleTime: CACHE_MS.stories,
  });
