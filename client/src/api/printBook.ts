import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { printBookSchema, printPhotosSchema, type PrintBook, type PrintRequest } from '../../../contract/print-book.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { apiRequest, getJson } from './request.ts';

export type { PrintBook, PrintRequest };

const printPath = (id: number) => `/api/autobiographies/${id}/print`;
const printKey = (id: number) => [printPath(id)] as const;

/** The print is being laid out: its state is read again. */
export const printUnderWay = (print: PrintBook | undefined) => print?.state === 'queued' || print?.state === 'running';

/**
 * GET /api/autobiographies/{id}/print: the book's print (state `none` before any), read again
 * every 2 s while it is queued or laid out, so a reload finds it where it is.
 */
export function usePrintBook(id: number) {
  return useQuery({
    queryKey: printKey(id),
    queryFn: async () => printBookSchema.parse(await getJson<unknown>(printPath(id))),
    staleTime: 0,
    refetchInterval: (query) => (printUnderWay(query.state.data) ? TIMINGS.statusPollMs : false),
  });
}

/** POST /api/autobiographies/{id}/print: starts laying the book out with the trim, cover photo and dedication (202). */
export function useStartPrint(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: PrintRequest) => printBookSchema.parse(await apiRequest('POST', printPath(id), request)),
    onSuccess: (print) => queryClient.setQueryData(printKey(id), print),
  });
}

/** GET /api/autobiographies/{id}/print/photos: the photos of the book's stories, for the cover. */
export function usePrintPhotos(id: number) {
  return useQuery({
    queryKey: [`${printPath(id)}/photos`] as const,
    queryFn: async () => printPhotosSchema.parse(await getJson<unknown>(`${printPath(id)}/photos`)).photos,
    staleTime: 0,
  });
}

/** DELETE /api/autobiographies/{id}/listening-links: every QR code of the book's private links stops playing. */
export function useRevokeListeningLinks(id: number) {
  return useMutation({
    mutationFn: async () => (await apiRequest<{ revoked: number }>('DELETE', `/api/autobiographies/${id}/listening-links`)).revoked,
  });
}
