import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpClient, ownerAndStranger } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { personDetailSchema, personSchema } from '../../contract/people-places.ts';
import { userVocabulary } from './vocabulary.ts';
import { people, personLabels, recordingPeople, recordings, stories } from '../db/schema.ts';

// People (spec 7.9): list, read, create, both update readings, delete, labels, mentions, recordings.
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
const personRow = async (id: number) => (await db().select().from(people).where(eq(people.id, id)))[0];
const storyAbout = (userId: string, names: string[], createdAt = new Date()) =>
  seed().story(userId, { metadata: { people: names, locations: [], dates: [], storyType: 'family' }, createdAt });

async function json(response: Response, status: number) {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text ? JSON.parse(text) : undefined;
}

describe('creating and reading people', () => {
  it('creates a person with trimmed fields, ignores the userId in the body, and lists people by name', async () => {
    const created = await json(
      await owner.request('POST', '/api/people', {
        name: '  Zelda Korhonen ',
        relationship: 'godmother',
        characterization: '   ',
        language: 'fi',
        userId: strangerId,
      }),
      201,
    );
    expect(created).toMatchObject({
      name: 'Zelda Korhonen',
      relationship: 'godmother', // outside the list: stored as its text, read as other
      characterization: null,
      language: 'fi',
      userId: ownerId,
      mentionCount: 0,
      lastMentioned: null,
      enrichedInfo: null,
      linkedLabels: [],
      refreshing: false,
      refreshError: null,
    });
    personDetailSchema.strict().parse(created);
    expect((await personRow(created.id)).userId).toBe(ownerId);
    await json(await owner.request('POST', '/api/people', { name: 'aino', relationship: 'mother' }), 201);

    const list = await json(await owner.request('GET', '/api/people?language=fi'), 200);
    const names = list.map((p: { name: string }) => p.name);
    expect(names.indexOf('aino')).toBeLessThan(names.indexOf('Zelda Korhonen'));
    expect(list.every((p: { userId: string }) => p.userId === ownerId)).toBe(true);
    for (const row of list) personSchema.strict().parse(row);
    expect(await json(await stranger.request('GET', '/api/people'), 200)).toEqual([]);
  });

  it('refuses a blank name with the field named, and stores nothing', async () => {
    const before = (await db().select().from(people)).length;
    const body = await json(await owner.request('POST', '/api/people', { name: '   ', relationship: 'friend' }), 400);
    expect(body.field).toBe('name');
    expect((await json(await owner.request('POST', '/api/people', { relationship: 'friend' }), 400)).field).toBe('name');
    expect((await db().select().from(people)).length).toBe(before);
  });

  it('answers 401 before validation when signed out', async () => {
    const response = await fetch(`${server.url}/api/people`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '' }),
    });
    expect(response.status).toBe(401);
  });
});

describe('updating people', () => {
  it('takes PUT from the detail screen and PATCH with a userId from the list', async () => {
    const person = await seed().person(ownerId, 'Matti', 'friend');
    const put = await json(
      await owner.request('PUT', `/api/people/${person.id}`, {
        name: 'Matti Virtanen',
        relationship: 'brother',
        characterization: 'Tall and quiet',
        language: 'en',
      }),
      200,
    );
    expect(put).toMatchObject({ id: person.id, name: 'Matti Virtanen', relationship: 'brother', characterization: 'Tall and quiet' });

    const patched = await json(
      await owner.request('PATCH', `/api/people/${person.id}`, {
        name: 'Matti V.',
        relationship: '',
        characterization: '',
        language: 'fi',
        userId: strangerId,
      }),
      200,
    );
    expect(patched).toMatchObject({ name: 'Matti V.', relationship: null, characterization: null, language: 'fi', userId: ownerId });
    const row = await personRow(person.id);
    expect(row).toMatchObject({ name: 'Matti V.', relationship: null, characterization: null, userId: ownerId });
  });

  it('refuses a blank name on update and keeps the person as it was', async () => {
    const person = await seed().person(ownerId, 'Kaarina', 'aunt');
    expect((await json(await owner.request('PUT', `/api/people/${person.id}`, { name: ' ' }), 400)).field).toBe('name');
    expect(await personRow(person.id)).toMatchObject({ name: 'Kaarina', relationship: 'aunt' });
  });

  it("gives 404 for another user's person on every call and changes nothing", async () => {
    const person = await seed().person(ownerId, 'Private Pirkko', 'sister');
    await storyAbout(ownerId, ['Pirkon']);
    const id = person.id;
    for (const [method, path, body] of [
      ['GET', `/api/people/${id}`, undefined],
      ['PUT', `/api/people/${id}`, { name: 'Taken' }],
      ['PATCH', `/api/people/${id}`, { name: 'Taken', userId: strangerId }],
      ['PATCH', `/api/people/${id}`, { name: '' }],
      ['DELETE', `/api/people/${id}`, undefined],
      ['GET', `/api/people/${id}/linked-labels`, undefined],
      ['GET', `/api/people/${id}/recordings`, undefined],
      ['GET', `/api/people/${id}/stories`, undefined],
      ['POST', `/api/people/${id}/link-labels`, { labels: ['Pirkon'] }],
    ] as const) {
      const response = await stranger.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await personRow(id)).toMatchObject({ name: 'Private Pirkko', relationship: 'sister', userId: ownerId });
    expect(await db().select().from(personLabels).where(eq(personLabels.personId, id))).toEqual([]);
    expect((await owner.request('GET', '/api/people/999999')).status).toBe(404);
    expect((await owner.request('GET', '/api/people/abc')).status).toBe(404);
  });
});

describe('labels and mentions', () => {
  it('counts each story naming the person and each linked recording once, newest as last mentioned', async () => {
    const { client, userId } = await freshUser('mentions');
    const person = await seed().person(userId, 'Helmi');
    await storyAbout(userId, ['helmi ', 'Helmi'], new Date('2001-01-01T00:00:00Z')); // one story, named twice
    const later = await storyAbout(userId, ['Someone else'], new Date('2003-01-01T00:00:00Z'));
    const recording = await seed().recording(userId, { storyId: later.id, createdAt: new Date('2002-06-01T00:00:00Z') });
    await db().insert(recordingPeople).values({ recordingId: recording.id, personId: person.id });
    await seed().recording(userId); // not linked

    const [row] = await json(await client.request('GET', '/api/people'), 200);
    expect(row).toMatchObject({ id: person.id, mentionCount: 2, lastMentioned: '2002-06-01T00:00:00.000Z' });
  });

  it('lists names no one holds, then drops them when a person takes the name or links the label', async () => {
    const { client, userId } = await freshUser('labels');
    await storyAbout(userId, ['Annalle', 'Matti', ' ', 'anna'], new Date('2001-01-01T00:00:00Z'));
    await storyAbout(userId, ['Anna', 'Annika', 'MATTI'], new Date('2002-01-01T00:00:00Z'));
    expect(await json(await client.request('GET', '/api/people/unlinked-labels?language=fi'), 200)).toEqual([
      'anna',
      'Annalle',
      'Annika',
      'Matti',
    ]);

    const anna = await json(await client.request('POST', '/api/people', { name: 'Anna', relationship: 'sister', userId }), 201);
    expect(anna.mentionCount).toBe(2);
    expect(await json(await client.request('GET', '/api/people/unlinked-labels'), 200)).toEqual(['Annalle', 'Annika', 'Matti']);

    const linked = await json(await client.request('POST', `/api/people/${anna.id}/link-labels`, { labels: ['Annalle', ' annalle '] }), 200);
    expect(linked.linkedLabels).toEqual(['Annalle']);
    expect(await json(await client.request('GET', `/api/people/${anna.id}/linked-labels`), 200)).toEqual(['Annalle']);
    expect(await json(await client.request('GET', '/api/people/unlinked-labels'), 200)).toEqual(['Annika', 'Matti']);
    // Both stories already counted through her name: a story is one mention however it names her.
    expect((await json(await client.request('GET', `/api/people/${anna.id}`), 200)).mentionCount).toBe(2);
  });

  it('moves a label, and its mentions, from one person to another', async () => {
    const { client, userId } = await freshUser('move');
    await storyAbout(userId, ['Mummo']);
    const first = await seed().person(userId, 'Helmi');
    const second = await seed().person(userId, 'Aili');
    await json(await client.request('POST', `/api/people/${first.id}/link-labels`, { labels: ['Mummo'] }), 200);
    expect((await json(await client.request('GET', `/api/people/${first.id}`), 200)).mentionCount).toBe(1);

    await json(await client.request('POST', `/api/people/${second.id}/link-labels`, { labels: ['mummo'] }), 200);
    expect(await json(await client.request('GET', `/api/people/${first.id}/linked-labels`), 200)).toEqual([]);
    const list = await json(await client.request('GET', '/api/people'), 200);
    expect(list.map((p: { name: string; mentionCount: number }) => [p.name, p.mentionCount])).toEqual([
      ['Aili', 1],
      ['Helmi', 0],
    ]);
  });

  it('leaves a label on one person when two links arrive side by side', async () => {
    const { client, userId } = await freshUser('race');
    const [a, b] = [await seed().person(userId, 'Aada'), await seed().person(userId, 'Beata')];
    const answers = await Promise.all([
      client.request('POST', `/api/people/${a.id}/link-labels`, { labels: ['Mamma'] }),
      client.request('POST', `/api/people/${b.id}/link-labels`, { labels: ['mamma'] }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const holders = await db().select().from(personLabels).where(inArray(personLabels.personId, [a.id, b.id]));
    expect(holders).toHaveLength(1);
  });

  it('refuses an empty label list with the field named', async () => {
    const person = await seed().person(ownerId, 'Label Test');
    expect((await json(await owner.request('POST', `/api/people/${person.id}/link-labels`, { labels: [] }), 400)).field).toBe('labels');
    expect((await json(await owner.request('POST', `/api/people/${person.id}/link-labels`, {}), 400)).field).toBe('labels');
  });
});

describe('the stories that mention a person', () => {
  it('lists, newest first and a page at a time, each story naming her or holding a recording linked to her, once', async () => {
    const { client, userId } = await freshUser('stories');
    const person = await seed().person(userId, 'Helmi');
    await json(await client.request('POST', `/api/people/${person.id}/link-labels`, { labels: ['Helmin'] }), 200);
    const byName = await storyAbout(userId, ['helmi ', 'Helmi'], new Date('2001-01-01T00:00:00Z'));
    const byLabel = await storyAbout(userId, ['Helmin'], new Date('2002-01-01T00:00:00Z'));
    const byRecording = await storyAbout(userId, ['Someone else'], new Date('2003-01-01T00:00:00Z'));
    const recording = await seed().recording(userId, { storyId: byRecording.id });
    await db().insert(recordingPeople).values({ recordingId: recording.id, personId: person.id });
    // Named and linked too: still one card.
    const both = await storyAbout(userId, ['Helmi'], new Date('2004-01-01T00:00:00Z'));
    const linked = await seed().recording(userId, { storyId: both.id });
    await db().insert(recordingPeople).values({ recordingId: linked.id, personId: person.id });
    await storyAbout(userId, ['Aino'], new Date('2005-01-01T00:00:00Z')); // about someone else
    await seed().recording(userId); // a recording of no story

    const all = await json(await client.request('GET', `/api/people/${person.id}/stories`), 200);
    expect(all.map((s: { id: number }) => s.id)).toEqual([both.id, byRecording.id, byLabel.id, byName.id]);
    expect(all[0]).toMatchObject({ title: both.title, recordingCount: 1 });
    expect(all[0]).not.toHaveProperty('content');

    const first = await client.request('GET', `/api/people/${person.id}/stories?limit=3`);
    expect((await json(first, 200)).map((s: { id: number }) => s.id)).toEqual([both.id, byRecording.id, byLabel.id]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toBeDefined();
    const last = await client.request('GET', next!);
    expect((await json(last, 200)).map((s: { id: number }) => s.id)).toEqual([byName.id]);
    expect(last.headers.get('link')).toBeNull();
  });

  it('answers 401 signed out, before anything else', async () => {
    expect((await fetch(`${server.url}/api/people/1/stories?limit=nope`)).status).toBe(401);
  });
});

describe('recordings and deletion', () => {
  it('lists the linked recordings as cards, and deleting the person keeps recordings and stories', async () => {
    const { client, userId } = await freshUser('delete');
    const person = await seed().person(userId, 'Eino');
    const story = await storyAbout(userId, ['Eino']);
    const older = await seed().recording(userId, { createdAt: new Date('2001-01-01T00:00:00Z'), transcription: 'Eino fixed the boat.' });
    const newer = await seed().recording(userId, { storyId: story.id, createdAt: new Date('2002-01-01T00:00:00Z') });
    await seed().recording(userId); // about someone else
    await db().insert(recordingPeople).values([
      { recordingId: older.id, personId: person.id },
      { recordingId: newer.id, personId: person.id },
    ]);
    await json(await client.request('POST', `/api/people/${person.id}/link-labels`, { labels: ['Eikka'] }), 200);

    const cards = await json(await client.request('GET', `/api/people/${person.id}/recordings`), 200);
    expect(cards.map((c: { id: number }) => c.id)).toEqual([newer.id, older.id]);
    expect(cards[1]).toMatchObject({ preview: 'Eino fixed the boat.', people: [{ id: person.id, name: 'Eino' }] });
    expect(cards[0].story).toEqual({ id: story.id, title: story.title });

    expect((await client.request('DELETE', `/api/people/${person.id}`)).status).toBe(204);
    expect(await personRow(person.id)).toBeUndefined();
    expect((await client.request('GET', `/api/people/${person.id}`)).status).toBe(404);
    expect(await db().select().from(personLabels).where(eq(personLabels.personId, person.id))).toEqual([]);
    expect(await db().select().from(recordingPeople).where(eq(recordingPeople.personId, person.id))).toEqual([]);
    const kept = await db().select().from(recordings).where(eq(recordings.userId, userId));
    expect(kept).toHaveLength(3);
    expect(await db().select().from(stories).where(eq(stories.id, story.id))).toHaveLength(1);
    // Her name is a label again, no longer held.
    expect(await json(await client.request('GET', '/api/people/unlinked-labels'), 200)).toEqual(['Eino']);
  });
});

describe("the transcriber's vocabulary", () => {
  it("takes the user's people and places with their linked labels, and nobody else's", async () => {
    const { client, userId } = await freshUser('vocabulary');
    const person = await seed().person(userId, 'Helmi');
    const place = await seed().place(userId, 'Kuopio');
    await json(await client.request('POST', `/api/people/${person.id}/link-labels`, { labels: ['Mummo'] }), 200);
    await json(await client.request('POST', `/api/places/${place.id}/link-labels`, { labels: ['Kuopiossa'] }), 200);
    await seed().person(strangerId, 'Stranger Sulo');
    expect(await userVocabulary(db(), userId)).toEqual({ people: ['Helmi', 'Mummo'], places: ['Kuopio', 'Kuopiossa'] });
  });
});

async function freshUser(tag: string) {
  const { signedUpClient } = await import('../../test/support/http-client.ts');
  const { client, id } = await signedUpClient(server.url, `people-${tag}-${Date.now()}@example.com`);
  return { client, userId: id as string };
}
