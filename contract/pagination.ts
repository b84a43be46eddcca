import { z } from 'zod';

/**
 * Keyset pagination of the list calls (GET /api/stories, /api/recordings, /api/timeline;
 * decision 023). The body stays the spec's array; the next page's address travels in an
 * RFC 8288 `Link: <...>; rel="next"` header, absent on the last page.
 */
export const PAGE_LIMIT = { default: 50, max: 100 } as const;

/** `limit` and the opaque `cursor` of a list call; a call without them is the first page. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT.max).default(PAGE_LIMIT.default),
  cursor: z.string().min(1).max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/**
 * The rel="next" target of a Link header, or null (no header, or no next link: the last page).
 * A small parser instead of a package: the client needs only this one relation.
 */
export function nextPageUrl(linkHeader: string | null | undefined): string | null {
  if (!linkHeader) return null;
  for (const link of splitLinks(linkHeader)) {
    const match = /^\s*<([^>]*)>\s*(.*)$/s.exec(link);
    if (!match) continue;
    const [, target, params] = match;
    for (const param of params!.split(';')) {
      const [rawName, ...rawValue] = param.split('=');
      if (rawName?.trim().toLowerCase() !== 'rel') continue;
      const value = rawValue.join('=').trim().replace(/^"(.*)"$/s, '$1');
      if (value.toLowerCase().split(/\s+/).includes('next')) return target!;
    }
  }
  return null;
}

/** Splits a Link header at the commas between links, not those inside <...> or quotes. */
function splitLinks(header: string): string[] {
  const links: string[] = [];
  let current = '';
  let inTarget = false;
  let inQuotes = false;
  for (const char of header) {
    if (char === '<' && !inQuotes) inTarget = true;
    else if (char === '>' && !inQuotes) inTarget = false;
    else if (char === '"' && !inTarget) inQuotes = !inQuotes;
    if (char === ',' && !inTarget && !inQuotes) {
      links.push(current);
      current = '';
    } else current += char;
  }
  links.push(current);
  return links;
}
