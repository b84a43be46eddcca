import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { fieldError } from './errors.ts';

/**
 * Keyset pages (docs/decisions/023-list-pagination-and-indexes.md). A cursor is the base64url of
 * the JSON of the last row's sort key; it only positions a list, every query stays scoped to the
 * signed-in user, so a cursor from someone else shows nothing of theirs.
 */
export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** A timestamp to the microsecond, as the database keeps it: a cursor must not round it to milliseconds. */
export const exactTime = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
export const exactTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
/** The sort key of the library and the recordings: newest first, ties by id. */
export const createdKeySchema = z.tuple([exactTimeSchema, z.number().int().positive()]);

const malformed = () => fieldError('cursor', 'not a cursor of this list');

/** The sort key in a cursor, checked with the list's own schema; 400 when it is not one. */
export function decodeCursor<T>(cursor: string | undefined, schema: z.ZodType<T>): T | undefined {
  if (cursor === undefined) return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw malformed();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw malformed();
  }
  const key = schema.safeParse(json);
  if (!key.success) throw malformed();
  return key.data;
}

/** A page of a list: its items and, when there is more, the sort key of its last row. */
export interface Page<Item> {
  items: Item[];
  nextKey: readonly unknown[] | null;
}

/** Rows were read with `limit + 1`: the extra one only tells that a next page exists. */
export function pageOf<Row>(rows: Row[], limit: number, keyOf: (row: Row) => readonly unknown[]): Page<Row> {
  if (rows.length <= limit) return { items: rows, nextKey: null };
  const items = rows.slice(0, limit);
  return { items, nextKey: keyOf(items[items.length - 1]!) };
}

/**
 * The page's items as the body; when there is more, `Link: <the same query with the next
 * cursor>; rel="next"` (RFC 8288). No Link header = the last page.
 */
export function sendPage<Item>(request: FastifyRequest, reply: FastifyReply, page: Page<Item>): Item[] {
  if (page.nextKey) {
    const next = new URL(request.url, 'http://localhost');
    next.searchParams.set('cursor', encodeCursor(page.nextKey));
    reply.header('link', `<${next.pathname}${next.search}>; rel="next"`);
  }
  return page.items;
}

/** Whether the planner has statistics to go by: a PostgreSQL server whose autovacuum runs. */
const keptStatistics = new WeakMap<object, Promise<boolean>>();
function hasStatistics(db: Database): Promise<boolean> {
  const client = (db as { $client?: unknown }).$client;
  // PGlite (or anything not a server's pool) runs without autovacuum: never assumed.
  if (!(client instanceof pg.Pool)) return Promise.resolve(false);
  let kept = keptStatistics.get(client);
  if (!kept) {
    kept = client.query<{ autovacuum: string }>('show autovacuum').then(
      (result) => result.rows[0]?.autovacuum === 'on',
      () => {
        // Not known this time (a lost connection): asked again by the next read.
        keptStatistics.delete(client);
        return false;
      },
    );
    keptStatistics.set(client, kept);
  }
  return kept;
}

/**
 * Reads a keyset page so that the planner walks the list's index in its order and stops after
 * `limit + 1` rows. PGlite has no autovacuum, so its tables have no statistics (or old ones)
 * until decision 024's vacuum: guessing that a user owns 0.5% of the rows and that a cursor keeps
 * a third of them, the planner took a bitmap scan of every later row and a sort (100 ms for page 2
 * of 5,000 stories) over reading 51 rows in index order (0.4 ms). There the read runs in a
 * transaction with `set local enable_bitmapscan = off`. A PostgreSQL server's autovacuum keeps
 * statistics, with which the planner chooses the index scan itself: the read is one query, without
 * the `begin`, `set local` and `commit` round trips. Decision 023.
 */
export async function readInKeyOrder<T>(db: Database, read: (db: Database) => Promise<T>): Promise<T> {
  if (await hasStatistics(db)) return read(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return read(tx);
  });
}
