import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpClient, ownerAndStranger, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { placeDetailSchema, placeSchema } from '../../contract/people-places.ts';
import { placeLabels, places, recordingPlaces, recordings, stories } from '../db/schema.ts';

// Places (spec 7.10): list, read, create, both update readings, delete, labels, mentions, recordings.
let server: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let ownerId: string;
let strangerId: string;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  ({ owner, ownerId, stranger, strangerId } = await ownerAndStranger(server.url));
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const seed = () => seeder(db());
const placeRow = async (id: number) => (await db().select().from(places).where(eq(places.id, id)))[0];
const storyIn = (userId: string, locations: string[], createdAt = new Date()) =>
  seed().story(userId, { metadata: { people: [], locations, dates: [], storyType: 'travel' }, createdAt });

async function json(response: Response, status: number) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? JSON.parse(text) : undefined;
}

async function freshUser(tag: string) {
  const { client, id } = await signedUpClient(server.url, `places-${tag}-${Date.now()}@example.com`);
  return { client, userId: id as string };
}

describe('creating and updating places', () => {
  it('creates a place with blank fields left out, ignoring the userId in the body', async () => {
    const created = await json(
      await owner.request('POST', '/api/places', {
        name: ' Tampere ',
        type: 'city',
        description: '',
        significance: '  ',
        language: 'fi',
        userId: strangerId,
      }),
      201,
    );
    expect(created).toMatchObject({
      name: 'Tampere',
      type: 'city',
      description: null,
      significance: null,
      language: 'fi',
      userId: ownerId,
      mentionCount: 0,
      lastMentioned: null,
      linkedLabels: [],
      refreshing: false,
      refreshError: null,
    });
    placeDetailSchema.strict().parse(created);
    await json(await owner.request('POST', '/api/places', { name: 'aavasaksa' }), 201);
    const list = await json(await owner.request('GET', '/api/places?language=en'), 200);
    for (const row of list) placeSchema.strict().parse(row);
    const names = list.map((p: { name: string }) => p.name);
    expect(names.indexOf('aavasaksa')).toBeLessThan(names.indexOf('Tampere'));
    expect(await json(await stranger.request('GET', '/api/places'), 200)).toEqual([]);
  });

  it('refuses a blank name with the field named and stores nothing', async () => {
    const before = (await db().select().from(places)).length;
    expect((await json(await owner.request('POST', '/api/places', { name: '' }), 400)).field).toBe('name');
    expect((await db().select().from(places)).length).toBe(before);
  });

  it('takes PUT and PATCH; a blank field on update keeps what was stored', async () => {
    const place = await seed().place(ownerId, 'Mökki', 'home');
    const put = await json(
      await owner.request('PUT', `/api/places/${place.id}`, {
        name: 'Kesämökki',
        type: 'house',
        description: 'By the lake',
        significance: 'Every summer',
        language: 'fi',
      }),
      200,
    );
    expect(put).toMatchObject({ name: 'Kesämökki', type: 'house', description: 'By the lake', significance: 'Every summer' });

    const patched = await json(
      await owner.request('PATCH', `/api/places/${place.id}`, { name: 'Mökki', description: '', type: 'home', language: 'fi', userId: strangerId }),
      200,
    );
    expect(patched).toMatchObject({ name: 'Mökki', type: 'home', description: 'By the lake', significance: 'Every summer', userId: ownerId });
    expect(await placeRow(place.id)).toMatchObject({ name: 'Mökki', description: 'By the lake', userId: ownerId });
  });

  it("gives 404 for another user's place on every call and changes nothing", async () => {
    const place = await seed().place(ownerId, 'Secret Cove', 'beach');
    const id = place.id;
    for (const [method, path, body] of [
      ['GET', `/api/places/${id}`, undefined],
      ['PUT', `/api/places/${id}`, { name: 'Taken' }],
      ['PATCH', `/api/places/${id}`, { name: 'Taken', userId: strangerId }],
      ['DELETE', `/api/places/${id}`, undefined],
      ['GET', `/api/places/${id}/linked-labels`, undefined],
      ['GET', `/api/places/${id}/recordings`, undefined],
      ['GET', `/api/places/${id}/stories`, undefined],
      ['POST', `/api/places/${id}/link-labels`, { labels: ['Cove'] }],
    ] as const) {
      expect((await stranger.request(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect(await placeRow(id)).toMatchObject({ name: 'Secret Cove', type: 'beach', userId: ownerId });
    expect(await db().select().from(placeLabels).where(eq(placeLabels.placeId, id))).toEqual([]);
  });
});

describe('place labels, mentions and recordings', () => {
  it('derives mentions from story locations, linked labels and recordings; unlinked labels follow', async () => {
    const { client, userId } = await freshUser('labels');
    const first = await storyIn(userId, ['Tampere', 'Tampereella'], new Date('2001-01-01T00:00:00Z'));
    const second = await storyIn(userId, ['Tampereella', 'Oulu'], new Date('2003-01-01T00:00:00Z'));
    expect(await json(await client.request('GET', '/api/places/unlinked-labels'), 200)).toEqual(['Oulu', 'Tampere', 'Tampereella']);
    // People's labels come from metadata.people, not locations.
    expect(await json(await client.request('GET', '/api/people/unlinked-labels'), 200)).toEqual([]);

    const tampere = await json(await client.request('POST', '/api/places', { name: 'Tampere', type: 'city' }), 201);
    expect(tampere).toMatchObject({ mentionCount: 1, lastMentioned: '2001-01-01T00:00:00.000Z' });
    await json(await client.request('POST', `/api/places/${tampere.id}/link-labels`, { labels: ['Tampereella'] }), 200);
    expect(await json(await client.request('GET', `/api/places/${tampere.id}/linked-labels`), 200)).toEqual(['Tampereella']);
    expect(await json(await client.request('GET', '/api/places/unlinked-labels'), 200)).toEqual(['Oulu']);

    const recording = await seed().recording(userId, { storyId: second.id, createdAt: new Date('2004-01-01T00:00:00Z') });
    await db().insert(recordingPlaces).values({ recordingId: recording.id, placeId: tampere.id });
    const [row] = await json(await client.request('GET', '/api/places'), 200);
    expect(row).toMatchObject({ id: tampere.id, mentionCount: 3, lastMentioned: '2004-01-01T00:00:00.000Z' });

    // The stories that mention it: by name, by linked label, and by a linked recording, once each.
    const mentioning = await json(await client.request('GET', `/api/places/${tampere.id}/stories`), 200);
    expect(mentioning.map((s: { id: number }) => s.id)).toEqual([second.id, first.id]);

    const cards = await json(await client.request('GET', `/api/places/${tampere.id}/recordings`), 200);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ id: recording.id, places: [{ id: tampere.id, name: 'Tampere', type: 'city' }] });

    expect((await client.request('DELETE', `/api/places/${tampere.id}`)).status).toBe(204);
    expect(await placeRow(tampere.id)).toBeUndefined();
    expect(await db().select().from(recordings).where(eq(recordings.id, recording.id))).toHaveLength(1);
    expect(await db().select().from(stories).where(eq(stories.userId, userId))).toHaveLength(2);
    expect(await db().select().from(placeLabels).where(eq(placeLabels.placeId, tampere.id))).toEqual([]);
    expect(await json(await client.request('GET', '/api/places/unlinked-labels'), 200)).toEqual(['Oulu', 'Tampere', 'Tampereella']);
  });

  it('refuses blank labels with the field named', async () => {
    const place = await seed().place(ownerId, 'Label Place');
    expect((await json(await owner.request('POST', `/api/places/${place.id}/link-labels`, { labels: [' '] }), 400)).field).toMatch(/^labels/);
  });
});
