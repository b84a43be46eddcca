import { useQuery } from '@tanstack/react-query';
import { listeningPageSchema } from '../../../contract/print-book.ts';
import { getJson } from './request.ts';

/* A printed book's QR code (issue 30): the story a private listening link opens, for anyone holding it. */

/** GET /api/listen/{token}: the story's title, its teller, the book's language and the story's recordings. */
export function useListeningPage(token: string) {
  return useQuery({
    queryKey: ['/api/listen', token],
    queryFn: async () => listeningPageSchema.parse(await getJson<unknown>(`/api/listen/${encodeURIComponent(token)}`)),
  });
}
