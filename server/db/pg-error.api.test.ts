import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverLinesMatching } from '../../test/support/server-sources.ts';
import { freshDatabase } from '../../test/support/database.ts';
import type { DatabaseHandle } from './client.ts';
import { isPgError } from './pg-error.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** What the database throws for a statement, as the app's own code receives it (through Drizzle). */
async function failureOf(statement: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await database.db.execute(statement);
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
}

describe('isPgError', () => {
  it('finds the code under the wrappers of a real failure, and tells the codes apart', async () => {
    await database.db.execute(sql`create table pg_error_parent (id int primary key)`);
    await database.db.execute(sql`create table pg_error_child (parent int references pg_error_parent (id))`);
    await database.db.execute(sql`insert into pg_error_parent values (1)`);
    const duplicate = await failureOf(sql`insert into pg_error_parent values (1)`);
    const orphan = await failureOf(sql`insert into pg_error_child values (2)`);
    expect([isPgError(duplicate, 'uniqueViolation'), isPgError(duplicate, 'foreignKeyViolation')]).toEqual([true, false]);
    expect([isPgError(orphan, 'foreignKeyViolation'), isPgError(orphan, 'uniqueViolation')]).toEqual([true, false]);
    expect(isPgError(new Error('wrapped', { cause: duplicate }), 'uniqueViolation')).toBe(true);
  });

  it('is false for errors without the code, and stops at a cause that points back at itself', () => {
    const loop: { code?: string; cause?: unknown } = { code: 'ELOOP' };
    loop.cause = loop;
    expect(isPgError(loop, 'uniqueViolation')).toBe(false);
    expect(isPgError(undefined, 'uniqueViolation')).toBe(false);
    expect(isPgError('23505', 'uniqueViolation')).toBe(false);
  });
});

// Left for the coordinator: a folder another helper was moving (use isPgError there).
const PENDING: string[] = [];

it('no other server file looks for a PostgreSQL error code itself', () => {
  expect(serverLinesMatching(/['"](23505|23503|23514|40001|40P01)['"]/, { except: ['server/db/pg-error.ts', ...PENDING] })).toEqual([]);
});
