import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { oneOfEverything, selectRows, storeKeys } from '../../test/support/account-contents.ts';
import { freshDatabase } from '../../test/support/database.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { signedUpClient } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { waitFor } from '../../test/support/wait-for.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { DELETE_ACCOUNT } from './delete-account-job.ts';
import { userBlobPrefix } from './remove-account.ts';

// A deletion cut off half-way (its files gone, its row still there: here the row's deletion
// fails until the job gives up) is finished by the recovery pass when the server starts again
// on the same database.
const JOB_MS = 20_000;
const PASSWORD = 'long enough password';

let fake: FakeOpenAi;
let database: DatabaseHandle;
let first: TestApp | undefined;
let second: TestApp | undefined;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  database = await freshDatabase();
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await database?.close();
  await fake?.close();
});

const deletionJobStates = async (userId: string) =>
  (await selectRows<{ state: string }>(database.db, sql`select state from pgboss.job where name = ${DELETE_ACCOUNT} and data->>'userId' = ${userId} order by created_on`)).map(
    (row) => row.state,
  );
const userRows = (id: string) => database.db.select().from(users).where(eq(users.id, id));

it('finishes on the next start a deletion that stopped after the files and before the row', async () => {
  first = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { database, engines: fakeOpenAiEngines(fake) });
  const store = first.store;
  const a = await signedUpClient(first.url, 'half@example.com');
  await oneOfEverything(database.db, store, a.id);
  expect((await storeKeys(store)).filter((key) => key.startsWith(userBlobPrefix(a.id))).length).toBeGreaterThan(3);

  // The row's deletion fails (a database that refuses it for a while), whatever the job tries.
  await database.db.execute(sql`CREATE FUNCTION refuse_user_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
  await database.db.execute(sql`CREATE TRIGGER refuse_user_delete BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION refuse_user_delete()`);

  const response = await a.client.request('DELETE', '/api/account', { language: 'en', confirmation: 'DELETE', password: PASSWORD });
  expect(response.status).toBe(202);
  await waitFor(() => deletionJobStates(a.id), (states) => states.at(-1) === 'failed', JOB_MS, 'the deletion job failed for good');
  // Half-done: the files are gone, the row (and everything hanging on it) is not.
  expect((await storeKeys(store)).filter((key) => key.startsWith(userBlobPrefix(a.id)))).toEqual([]);
  expect(await userRows(a.id)).toHaveLength(1);
  expect(first.backgroundErrors.join('\n')).toContain('delete-account failed');
  first.backgroundErrors.length = 0;
  await first.close();
  first = undefined;

  // The database lets it go again; the server starts on the same database and store.
  await database.db.execute(sql`DROP TRIGGER refuse_user_delete ON users`);
  second = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { database, store, engines: fakeOpenAiEngines(fake), workers: { recoverInterrupted: true } });
  await waitFor(() => deletionJobStates(a.id), (states) => states.at(-1) === 'completed', JOB_MS, 'the deletion queued again and finished after the restart');
  expect(await deletionJobStates(a.id)).toContain('failed');
  expect(await userRows(a.id)).toEqual([]);
  expect(await selectRows(database.db, sql`select slug from retired_slugs where user_id = ${a.id}`)).toEqual([]);
});
