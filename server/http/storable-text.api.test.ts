import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyReader } from '../../test/support/family.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import type { RouteEntry } from '../access/route-table.ts';

// Generated from the route table: every route, signed-in or public, refuses text that
// PostgreSQL cannot hold with one 400, wherever the text comes (path, query, JSON body,
// multipart field or file name), and never answers 500.
let server: TestApp;
let routes: RouteEntry[];
let client: HttpClient;
/** A value for each path parameter that names something real of the signed-in user. */
let realParams: Record<string, string>;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '1000', CONTRIBUTION_RATE_LIMIT: '1000' });
  routes = server.app.routeTable.filter((route) => route.method !== 'HEAD');
  const signedUp = await signedUpClient(server.url, 'nul@example.com');
  client = signedUp.client;
  const seed = seeder(server.database.db, server.store);
  const story = await seed.story(signedUp.id);
  const person = await seed.person(signedUp.id, 'Anna');
  const place = await seed.place(signedUp.id, 'Tampere');
  const link = await client.post(`/api/stories/${story.id}/co-author-token`);
  expect(link.status).toBe(201);
  const token = (await link.json()).token as string;
  realParams = { story: String(story.id), person: String(person.id), place: String(place.id), token };
  // The same browser reads a relative's family circle too, so the reader's routes let it in.
  const teller = await signedUpClient(server.url, 'nul-teller@example.com');
  await familyReader(server, teller.id, { client });
});
afterAll(() => server?.close());

const NUL = '\u0000';
const label = (route: RouteEntry) => `${route.method} ${route.url}`;

/** The route's path with each parameter a real id of the user (or 1), or `value` for all. */
function pathOf(route: RouteEntry, value?: string): string {
  return route.url.replace(/:(\w+)/g, (_, param: string) => {
    if (value !== undefined) return value;
    const kind = route.resource?.param === param ? route.resource.kind : param;
    return realParams[kind] ?? '1';
  });
}

async function expectRefused(response: Response, what: string) {
  expect(response.status, what).toBe(400);
  expect(await response.json(), what).toMatchObject({ code: 'invalid_text' });
}

/** A multipart upload as the browser sends it, a short webm file after the fields. */
function form(fields: Record<string, string>, filename = 'recording.webm'): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('audio', new Blob([new Uint8Array(2000)], { type: 'audio/webm' }), filename);
  return body;
}

describe('text PostgreSQL cannot hold', () => {
  it('is refused with 400 invalid_text in the path of every route that has parameters', async () => {
    const withParams = routes.filter((route) => route.url.includes(':'));
    expect(withParams.length).toBeGreaterThan(20);
    for (const route of withParams) {
      const body = ['GET', 'DELETE'].includes(route.method) ? undefined : {};
      await expectRefused(await client.request(route.method, pathOf(route, '%00'), body), label(route));
    }
  });

  it('is refused in the query of every route', async () => {
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const body = ['GET', 'DELETE'].includes(route.method) ? undefined : {};
      await expectRefused(await client.request(route.method, `${pathOf(route)}?q=%00`, body), label(route));
    }
    await expectRefused(await client.get('/api/search?q=%00'), 'search');
  });

  it('is refused in a JSON body of every route that takes one, however deep', async () => {
    const withBody = routes.filter((route) => route.method !== 'GET');
    expect(withBody.length).toBeGreaterThan(30);
    for (const route of withBody) {
      await expectRefused(await client.request(route.method, pathOf(route), { text: `a${NUL}b` }), label(route));
      await expectRefused(await client.request(route.method, pathOf(route), { labels: ['Anna', { deeper: [`x${NUL}`] }] }), `${label(route)} nested`);
    }
    // Half of a UTF-16 pair: no UTF-8 spells it, so the database could not store it either.
    await expectRefused(await client.request('POST', '/api/people', '{"name":"Anna \\ud800"}'), 'a lone surrogate');
    await expectRefused(await client.request('POST', '/api/people', { [`na${NUL}me`]: 'Anna' }), 'a key');
  });

  it('is refused in every field and file name of every upload, the anonymous co-author one too', async () => {
    // The upload routes are those that read a multipart form: without audio they ask for it.
    const uploads: RouteEntry[] = [];
    for (const route of routes.filter((r) => r.method === 'POST')) {
      const probe = new FormData();
      probe.append('contributorName', 'Pekka');
      const response = await client.request('POST', pathOf(route), probe);
      const body = (await response.json().catch(() => ({}))) as { field?: string };
      if (response.status === 400 && body.field === 'audio') uploads.push(route);
    }
    expect(uploads.map(label)).toEqual(expect.arrayContaining([
      'POST /api/recordings',
      'POST /api/stories/:id/recordings',
      'POST /api/people/:id/recordings',
      'POST /api/places/:id/recordings',
      'POST /api/co-author/:token/recordings',
    ]));
    const anonymous = new HttpClient(server.url);
    for (const route of uploads) {
      const as = route.access === 'public' ? anonymous : client;
      for (const field of ['contributorName', 'contextName', 'promptQuestion', 'userAgent']) {
        await expectRefused(await as.request('POST', pathOf(route), form({ contributorName: 'Pekka', [field]: `Pek${NUL}ka` })), `${label(route)} ${field}`);
      }
      await expectRefused(await as.request('POST', pathOf(route), form({ contributorName: 'Pekka' }, `take${NUL}.webm`)), `${label(route)} file name`);
    }
  });

  it('leaves the server serving, and ordinary text alone', async () => {
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const person = await client.post('/api/people', { name: 'Äiti 👵 — “Anna”' });
    expect(person.status).toBe(201);
    expect((await person.json()).name).toBe('Äiti 👵 — “Anna”');
    expect((await client.get('/api/search?q=%C3%84iti')).status).toBe(200);
  });
});
