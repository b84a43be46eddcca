import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { type SecondServer, startSecondServer, startTestApp, type TestApp } from '../../test/support/test-app.ts';
import type { Database } from '../db/client.ts';
import { recordingPeople, stories } from '../db/schema.ts';
import { PROBE, USER_CHANGES_CHANNEL } from './keep-owner-reads.ts';
import { until, waitFor } from '../../test/support/wait-for.ts';

// The owner read cache (decision 026) on the server under test, and a second API server on the
// same database, as behind a load balancer: a change made anywhere must show on both.
const POLL_TIMEOUT_MS = 10_000;

let server: TestApp;
let second: SecondServer;
let seed: ReturnType<typeof seeder>;
beforeAll(async () => {
  server = await startTestApp();
  seed = seeder(server.database.db);
  second = await startSecondServer(server);
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

let people = 0;
const signedUp = () => signedUpClient(server.url, `reader-${++people}@example.com`);

const titles = async (client: HttpClient, on: { url: string } = server, path = '/api/stories') => {
  const response = await client.get(`${on.url}${path}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { title: string }[]).map((story) => story.title);
};

/** A change the database does not announce (triggers off for the transaction): only a kept answer can still hide it. */
const unannounced = (write: (tx: Pick<Database, 'execute' | 'update'>) => Promise<unknown>) =>
  server.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await write(tx);
  });

/**
 * Waits until the server has heard every change notice sent so far: PostgreSQL delivers them
 * after the commit, in order, on the one listening connection, where the cache listens before
 * this marker's listener. Otherwise a seed's late notice may drop an answer a test expects kept.
 */
async function noticesHeard(): Promise<void> {
  const marker = `${PROBE}test ${randomUUID()}`;
  let heard = false;
  const subscription = server.database.listen(USER_CHANGES_CHANNEL, {
    message: (payload) => {
      if (payload === marker) heard = true;
    },
  });
  try {
    await subscription.ready;
    await server.database.executor.executeSql('select pg_notify($1, $2)', [USER_CHANGES_CHANNEL, marker]);
    await until(() => heard, POLL_TIMEOUT_MS, 'the marker notice to be heard');
  } finally {
    await subscription.stop();
  }
}

describe('the owner read cache', () => {
  it('answers a read again from memory, until the database announces a change', async () => {
    const { client, id } = await signedUp();
    const story = await seed.story(id, { title: 'The lake' });
    await noticesHeard();
    expect(await titles(client)).toEqual(['The lake']);
    await unannounced((tx) => tx.update(stories).set({ title: 'Unannounced' }).where(eq(stories.id, story.id)));
    expect(await titles(client)).toEqual(['The lake']);
    // A worker or another server writes: the notice drops the kept answer on every server.
    await seed.story(id, { title: 'The sauna' });
    const expected = ['The sauna', 'Unannounced'];
    expect(await waitFor(() => titles(client), (shown) => shown.length === 2, POLL_TIMEOUT_MS, 'two titles on the first server')).toEqual(expected);
    expect(await waitFor(() => titles(client, second), (shown) => shown.length === 2, POLL_TIMEOUT_MS, 'two titles on the second server')).toEqual(expected);
  });

  it('shows a change made through the API at the very next read on the same server, and soon on the other', async () => {
    const { client, id } = await signedUp();
    const story = await seed.story(id, { title: 'Before' });
    expect(await titles(client)).toEqual(['Before']);
    expect(await titles(client, second)).toEqual(['Before']);
    expect(((await (await client.get(`/api/stories/${story.id}`)).json()) as { title: string }).title).toBe('Before');
    const patched = await client.request('PATCH', `/api/stories/${story.id}`, { title: 'After' });
    expect(patched.status).toBe(200);
    expect(await titles(client)).toEqual(['After']);
    expect(((await (await client.get(`/api/stories/${story.id}`)).json()) as { title: string }).title).toBe('After');
    expect(await waitFor(() => titles(client, second), (shown) => shown[0] === 'After', POLL_TIMEOUT_MS, "the second server's read to show 'After'")).toEqual(['After']);
  });

  it('keeps each person their own answers to the same URL', async () => {
    const aino = await signedUp();
    const eero = await signedUp();
    await seed.story(aino.id, { title: 'Aino at the lake' });
    await seed.story(eero.id, { title: 'Eero in the forest' });
    await seed.story(eero.id, { title: 'Eero at sea', chapterId: (await seed.chapter(eero.id, 'Youth')).id });
    expect(await titles(aino.client)).toEqual(['Aino at the lake']);
    expect(await titles(eero.client)).toEqual(['Eero at sea', 'Eero in the forest']);
    expect(await titles(aino.client)).toEqual(['Aino at the lake']);
    expect(await (await aino.client.get('/api/stories/counts')).json()).toEqual({ all: 1, inCollections: 0, unassigned: 1 });
    expect(await (await eero.client.get('/api/stories/counts')).json()).toEqual({ all: 2, inCollections: 1, unassigned: 1 });
  });

  it('keeps the answer uncompressed and sends it compressed or not, as each browser asks', async () => {
    const { client, id } = await signedUp();
    const story = await seed.story(id, { title: 'Long enough to compress', content: 'We rowed across the lake every morning. '.repeat(40) });
    for (let i = 0; i < 20; i++) await seed.story(id, { title: `Summer ${i}`, content: 'The sauna by the shore was warm. '.repeat(40) });
    await noticesHeard();
    const read = async (encoding: string) => {
      const response = await client.get('/api/stories', { 'accept-encoding': encoding });
      return { encoding: response.headers.get('content-encoding'), titles: ((await response.json()) as { title: string }[]).map((s) => s.title) };
    };
    const first = await read('br');
    expect(first.encoding).toBe('br');
    await unannounced((tx) => tx.update(stories).set({ title: 'Unannounced' }).where(eq(stories.id, story.id)));
    // Kept before compressing: the same answer, compressed for one browser and not for the other.
    expect(await read('br')).toEqual(first);
    expect(await read('identity')).toEqual({ encoding: null, titles: first.titles });
  });

  it('answers a kept page with its Link to the next', async () => {
    const { client, id } = await signedUp();
    for (const title of ['One', 'Two', 'Three']) await seed.story(id, { title });
    const first = await client.get('/api/stories?limit=2');
    const again = await client.get('/api/stories?limit=2');
    expect(again.headers.get('link')).toBe(first.headers.get('link'));
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(await again.json()).toEqual(await first.json());
    const next = /<([^>]+)>; rel="next"/.exec(again.headers.get('link') ?? '')?.[1];
    expect(await titles(client, server, next)).toHaveLength(1);
  });

  it('drops the recordings list when a link to a person is made, a change of a table without a user id', async () => {
    const { client, id } = await signedUp();
    const recording = await seed.recording(id);
    const person = await seed.person(id, 'Aunt Helmi');
    const names = async () =>
      ((await (await client.get('/api/recordings')).json()) as { people?: { name: string }[] }[]).map((r) => (r.people ?? []).map((p) => p.name));
    expect(await names()).toEqual([[]]);
    await server.database.db.insert(recordingPeople).values({ recordingId: recording.id, personId: person.id });
    expect(await waitFor(names, (shown) => shown[0]?.length === 1, POLL_TIMEOUT_MS, 'one name in the first read')).toEqual([['Aunt Helmi']]);
  });

  it('asks for a session before answering from memory', async () => {
    const { client, id } = await signedUp();
    await seed.story(id, { title: 'Kept' });
    expect(await titles(client)).toEqual(['Kept']);
    expect((await client.get('/api/logout')).status).toBe(302);
    expect((await client.get('/api/stories')).status).toBe(401);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the owner read cache without its listening connection', () => {
  it('answers nothing from memory while changes cannot be heard', async () => {
    const { client, id } = await signedUp();
    const story = await seed.story(id, { title: 'Heard' });
    expect(await titles(client)).toEqual(['Heard']);
    await server.database.executor.executeSql(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'saaga notifications'`);
    await unannounced((tx) => tx.update(stories).set({ title: 'Changed while deaf' }).where(eq(stories.id, story.id)));
    expect(await waitFor(() => titles(client), (shown) => shown[0] === 'Changed while deaf', POLL_TIMEOUT_MS, "the read to show 'Changed while deaf'")).toEqual(['Changed while deaf']);
  });
});
