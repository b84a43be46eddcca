import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '../../../contract/timings.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { autobiographiesQuery } from './autobiographies.ts';
import { chaptersQuery } from './chapters.ts';
import { peopleQuery, placesQuery, unlinkedLabelsQuery } from './people.ts';
import { storyCountsQuery, storyListQuery } from './stories.ts';

/**
 * Spec 7.12: 500 ms after sign-in, read the stories, people, places, chapters and
 * autobiographies ahead of need; a second later the two unlinked-label lists. A failure
 * here is only logged; the screens read again themselves.
 */
export function usePreload(): void {
  const queryClient = useQueryClient();
  const language = useLanguage();
  useEffect(() => {
    const failed = (what: string) => (error: unknown) => console.warn(`Preloading ${what} failed (not critical)`, error);
    const timer = setTimeout(() => {
      // The library's first page and its counts; the rest come as the list is scrolled.
      queryClient.fetchInfiniteQuery(storyListQuery('all')).catch(failed('stories'));
      queryClient.fetchQuery(storyCountsQuery()).catch(failed('story counts'));
      queryClient.fetchQuery(peopleQuery(language)).catch(failed('people'));
      queryClient.fetchQuery(placesQuery(language)).catch(failed('places'));
      queryClient.fetchQuery(chaptersQuery()).catch(failed('chapters'));
      queryClient.fetchQuery(autobiographiesQuery()).catch(failed('autobiographies'));
    }, TIMINGS.preloadDelayMs);
    const labelsTimer = setTimeout(() => {
      queryClient.fetchQuery(unlinkedLabelsQuery('person', language)).catch(failed('people unlinked labels'));
      queryClient.fetchQuery(unlinkedLabelsQuery('place', language)).catch(failed('places unlinked labels'));
    }, TIMINGS.preloadLabelsDelayMs);
    return () => {
      clearTimeout(timer);
      clearTimeout(labelsTimer);
    };
  }, [queryClient, language]);
}
