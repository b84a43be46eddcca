import { z } from 'zod';

/** Search in the library (issue 14, docs/decisions/020-search.md). */
export const SEARCH_QUERY_MAX = 200;
export const SEARCH_LIMIT_DEFAULT = 20;
export const SEARCH_LIMIT_MAX = 50;

/**
 * Where a matched word starts and ends in a snippet. Control characters that no story text
 * keeps (the server removes them before highlighting), so the client can mark the words
 * without ever reading the snippet as HTML.
 */
export const HIGHLIGHT_START = '\u0002';
export const HIGHLIGHT_END = '\u0003';

/** GET /api/search?q=&limit=&cursor= */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(SEARCH_QUERY_MAX),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
  /** The `nextCursor` of the previous page. */
  cursor: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  storyId: z.number(),
  title: z.string(),
  /** A passage of the content or transcripts, matched words between HIGHLIGHT_START and HIGHLIGHT_END. */
  snippet: z.string(),
  createdAt: z.string(),
  language: z.string(),
});
export type SearchResultDto = z.infer<typeof searchResultSchema>;

export const searchResponseSchema = z.object({
  results: z.array(searchResultSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
});
export type SearchResponseDto = z.infer<typeof searchResponseSchema>;

export interface SnippetPart {
  text: string;
  match: boolean;
}

/** A snippet cut into plain and matched parts, for the client to render as text and <mark>. */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [index, piece] of snippet.split(HIGHLIGHT_START).entries()) {
    if (index === 0) {
      if (piece) parts.push({ text: piece.replaceAll(HIGHLIGHT_END, ''), match: false });
      continue;
    }
    const end = piece.indexOf(HIGHLIGHT_END);
    const matched = end === -1 ? piece : piece.slice(0, end);
    const rest = end === -1 ? '' : piece.slice(end + 1).replaceAll(HIGHLIGHT_END, '');
    if (matched) parts.push({ text: matched, match: true });
    if (rest) parts.push({ text: rest, match: false });
  }
  return parts;
}
