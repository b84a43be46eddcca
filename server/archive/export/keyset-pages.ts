import { type SQL, and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';

/** A table with the columns every account row has: an owner, a creation time and an id. */
type AccountTable = PgTable & { userId: PgColumn; createdAt: PgColumn; id: PgColumn };

/**
 * The account's rows of a table in creation order (ties by id), a page at a time, so memory
 * holds one page whatever the account's size. The cursor is the creation time as PostgreSQL
 * has it (microseconds; a JavaScript Date would round it to milliseconds and repeat or skip a
 * row), kept as text beside the row.
 */
export async function* keysetPages<T extends AccountTable>(
  db: Database,
  table: T,
  userId: string,
  pageSize: number,
  where?: SQL,
): AsyncGenerator<T['$inferSelect'][]> {
  const cursorColumn = sql<string>`to_char(${table.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  let cursor: { at: string; id: number } | null = null;
  for (;;) {
    const after: SQL | undefined = cursor ? sql`(${table.createdAt}, ${table.id}) > (${cursor.at}::timestamptz, ${cursor.id})` : undefined;
    const rows = (await db
      .select({ row: getTableColumns(table), cursor: cursorColumn })
      .from(table as PgTable)
      .where(and(eq(table.userId, userId), after, where))
      .orderBy(asc(table.createdAt), asc(table.id))
      .limit(pageSize)) as unknown as { row: T['$inferSelect'] & { id: number }; cursor: string }[];
    if (rows.length === 0) return;
    yield rows.map((r) => r.row);
    const last = rows[rows.length - 1];
    cursor = { at: last.cursor, id: last.row.id };
    if (rows.length < pageSize) return;
  }
}
