import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server?.close();
});

it('sends the library compressed as the browser accepts, the same answer when it is kept, and small answers as they are', async () => {
  const { client, id } = await signedUpClient(server.url, 'compressed@example.com');
  const seed = seeder(server.database.db);
  for (let i = 0; i < 30; i++) await seed.story(id, { title: `Summer ${i}`, content: 'We rowed across the lake every morning. '.repeat(20) });
  const plain = await client.get('/api/stories', { 'accept-encoding': 'identity' });
  expect(plain.headers.get('content-encoding')).toBeNull();
  const stories = await plain.json();
  expect(stories).toHaveLength(30);
  for (const encoding of ['br', 'gzip']) {
    // The second read of each is answered from the owner read cache (decision 026).
    for (const read of ['first', 'kept']) {
      const response = await client.get('/api/stories', { 'accept-encoding': encoding });
      expect(response.headers.get('content-encoding'), `${encoding} ${read}`).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.json()).toEqual(stories);
    }
  }
  const counts = await client.get('/api/stories/counts', { 'accept-encoding': 'br' });
  expect(counts.headers.get('content-encoding')).toBeNull();
  expect(await counts.json()).toEqual({ all: 30, inCollections: 0, unassigned: 30 });
});
