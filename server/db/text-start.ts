import { sql } from 'drizzle-orm';

/** The lists read this much of a text for its excerpt, never the whole (decision 023). */
export const TEXT_START_CHARACTERS = 1000;

/** The first TEXT_START_CHARACTERS + 1 characters of a text: one more tells that it goes on. */
export const textStart = (column: unknown) => sql<string | null>`left(${column}, ${sql.raw(String(TEXT_START_CHARACTERS + 1))})`;

/** The start of a longer text without the tag or word its end cut in half. */
export const withoutCutEnd = (start: string) => start.replace(/<[^>]*$/, '').replace(/\S*$/, '');
