import { type SQL, sql } from 'drizzle-orm';
import { HIGHLIGHT_END, HIGHLIGHT_START, type SearchQuery, type SearchResponseDto } from '../../contract/search.ts';
import type { Database } from '../db/client.ts';

/** ts_headline's options: matched words between the contract's markers, up to two passages. */
const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MinWords=10, MaxWords=28, MaxFragments=2, FragmentDelimiter=" … "`;

/** A snippet is sought in the first this many characters of content and transcripts. */
const HEADLINE_TEXT_MAX = 20_000;

interface Row {
  id: number;
  title: string;
  created_at: string | Date;
  language: string;
  snippet: string | null;
}

/**
 * The user's stories whose title, content or transcripts match `q`, best first. The words are
 * read in English and in Finnish and either reading may match (a Finnish user may search an
 * English story): the documents are stemmed in their story's language, so each story meets the
 * reading stemmed like itself. Ranked by ts_rank over the whole match set: title (weight A) over
 * content (B) over transcripts (C); ts_rank_cd's proximity cost 8x as much (a word in 5,000
 * stories: 41 ms against 6 ms on PGlite, docs/decisions/020-search.md). Only the page is
 * headlined (ts_headline reads the whole text: the costly part).
 */
export async function searchStories(db: Database, userId: string, query: SearchQuery): Promise<SearchResponseDto> {
  const offset = Number(query.cursor ?? 0);
  const rows = ((await db.execute(searchStatement(userId, query))) as unknown as { rows: Row[] }).rows;
  const page = rows.slice(0, query.limit);
  return {
    results: page.map((row) => ({
      storyId: Number(row.id),
      title: row.title,
      snippet: tidySnippet(row.snippet ?? ''),
      createdAt: new Date(row.created_at).toISOString(),
      language: row.language,
    })),
    nextCursor: rows.length > query.limit ? String(offset + query.limit) : null,
  };
}

/** The query of one page and one more row (to tell whether another page follows); the bench EXPLAINs it. */
export function searchStatement(userId: string, query: SearchQuery): SQL {
  const offset = Number(query.cursor ?? 0);
  return sql`
    with q as (
      select websearch_to_tsquery('english', ${query.q}) || websearch_to_tsquery('finnish', ${query.q}) as query
    ),
    ranked as (
      select d.story_id, ts_rank(d.document, q.query) as rank
      from story_search_documents d, q
      where d.user_id = ${userId} and d.document @@ q.query
      order by rank desc, d.story_id desc
      limit ${query.limit + 1} offset ${offset}
    )
    select s.id, s.title, s.created_at, s.language,
      ts_headline(
        story_search_config(s.language),
        translate(left(
          regexp_replace(s.content, '<[^>]*>', ' ', 'g') || ' … ' ||
            coalesce((select string_agg(r.transcription, ' … ' order by r.order_index, r.id) from recordings r where r.story_id = s.id), ''),
          ${HEADLINE_TEXT_MAX}), chr(2) || chr(3), ''),
        q.query,
        ${HEADLINE_OPTIONS}
      ) as snippet
    from ranked
    join stories s on s.id = ranked.story_id and s.user_id = ${userId}
    cross join q
    order by ranked.rank desc, ranked.story_id desc
  `;
}

/** Collapses whitespace and the separators left at a passage's edges. */
function tidySnippet(snippet: string): string {
  return snippet
    .replace(/\s+/g, ' ')
    .replace(/^(\s*…\s*)+|(\s*…\s*)+$/g, '')
    .trim();
}
