import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useDataChanged } from './dataChanged.ts';
import { apiRequest } from './request.ts';

/**
 * Drops every query under `queryKey` once no screen reads it any more, then calls `then`.
 * A screen showing the deleted thing leaves after the delete (the caller navigates); dropped or
 * refreshed while it still shows, its read would run again into a 404.
 */
export function dropOnceUnread(queryClient: QueryClient, queryKey: QueryKey, then: () => void): void {
  const cache = queryClient.getQueryCache();
  const read = () => cache.findAll({ queryKey }).some((query) => query.getObserversCount() > 0);
  const drop = () => {
    queryClient.removeQueries({ queryKey });
    then();
  };
  if (!read()) {
    drop();
    return;
  }
  const stop = cache.subscribe((event) => {
    if (event.type !== 'observerRemoved' || read()) return;
    stop();
    drop();
  });
}

interface DeleteEntity {
  /** The DELETE address of the thing with this id. */
  path: (id: number) => string;
  /** The key its own reads sit under (its detail and anything below it). */
  queryKey: (id: number) => QueryKey;
  /** Done at once on success, before the screen leaves (e.g. taking its row out of the lists). */
  onDeleted?: (queryClient: QueryClient, id: number) => void;
}

/**
 * Deletes one thing by id. The caller leaves its screens (in `mutate`'s onSuccess); once they
 * have, the thing's reads are dropped and every list reads again (spec 7.1 "data changed").
 */
export function useDeleteEntity({ path, queryKey, onDeleted }: DeleteEntity) {
  const queryClient = useQueryClient();
  const changed = useDataChanged();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', path(id)),
    onSuccess: (_body, id) => {
      onDeleted?.(queryClient, id);
      dropOnceUnread(queryClient, queryKey(id), changed);
    },
  });
}
