import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { expect, it, vi } from 'vitest';
import { dropOnceUnread } from './useDeleteEntity.ts';

/** A cache holding a deleted story's reads and a list beside them. */
function cacheWithStory() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['/api/stories', 7], { id: 7 });
  queryClient.setQueryData(['/api/stories', 7, 'recordings'], []);
  queryClient.setQueryData(['/api/stories', 8], { id: 8 });
  return queryClient;
}

/** A screen reading a query, as useQuery does while it is mounted; returns its unmount. */
function screenReading(queryClient: QueryClient, queryKey: unknown[]) {
  const observer = new QueryObserver(queryClient, { queryKey, queryFn: () => ({}), enabled: false });
  return observer.subscribe(() => undefined);
}

const cached = (queryClient: QueryClient, queryKey: unknown[]) => queryClient.getQueryCache().find({ queryKey, exact: true }) !== undefined;

it('keeps a deleted thing\'s reads while its screen still shows, and drops them (then refreshes) once it has left', async () => {
  const queryClient = cacheWithStory();
  const leave = screenReading(queryClient, ['/api/stories', 7]);
  const changed = vi.fn();

  dropOnceUnread(queryClient, ['/api/stories', 7], changed);
  // A task later (where a timer would have dropped them) the screen is still there: nothing goes.
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(cached(queryClient, ['/api/stories', 7])).toBe(true);
  expect(changed).not.toHaveBeenCalled();

  leave();
  expect(cached(queryClient, ['/api/stories', 7])).toBe(false);
  expect(cached(queryClient, ['/api/stories', 7, 'recordings'])).toBe(false);
  expect(cached(queryClient, ['/api/stories', 8])).toBe(true);
  expect(changed).toHaveBeenCalledTimes(1);
});

it('waits for every screen reading under the key, and acts once', () => {
  const queryClient = cacheWithStory();
  const leaveDetail = screenReading(queryClient, ['/api/stories', 7]);
  const leaveRecordings = screenReading(queryClient, ['/api/stories', 7, 'recordings']);
  const leaveOther = screenReading(queryClient, ['/api/stories', 8]);
  const changed = vi.fn();

  dropOnceUnread(queryClient, ['/api/stories', 7], changed);
  leaveDetail();
  expect(changed).not.toHaveBeenCalled();
  leaveRecordings();
  expect(changed).toHaveBeenCalledTimes(1);
  expect(cached(queryClient, ['/api/stories', 7, 'recordings'])).toBe(false);
  leaveOther();
  expect(changed).toHaveBeenCalledTimes(1);
});

it('drops at once when no screen reads the deleted thing (deleted from a list)', () => {
  const queryClient = cacheWithStory();
  const changed = vi.fn();
  dropOnceUnread(queryClient, ['/api/stories', 7], changed);
  expect(cached(queryClient, ['/api/stories', 7])).toBe(false);
  expect(changed).toHaveBeenCalledTimes(1);
});
