import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TIMINGS } from '../../../contract/timings.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { peopleQuery, placesQuery } from './recordings.ts';
import { storiesQuery } from './stories.ts';

/**
 * Spec 7.12: 500 ms after sign-in, read the stories, people and places ahead of need
 * (chapters, autobiographies and, a second later, the unlinked labels join when their
 * screens exist). A failure here is only logged; the screens read again themselves.
 */
export function usePreload(): void {
  const queryClient = useQueryClient();
  const language = useLanguage();
  useEffect(() => {
    const failed = (what: string) => (error: unknown) => console.warn(`Preloading ${what} failed (not critical)`, error);
    const timer = setTimeout(() => {
      queryClient.fetchQuery(storiesQuery(language)).catch(failed('stories'));
      queryClient.fetchQuery(peopleQuery(language)).catch(failed('people'));
      queryClient.fetchQuery(placesQuery(language)).catch(failed('places'));
    }, TIMINGS.preloadDelayMs);
    return () => clearTimeout(timer);
  }, [queryClient, language]);
}
