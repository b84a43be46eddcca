import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { HttpClient, ownerAndStranger } from '../../test/support/http-client.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { people, personLabels, places, recordingPeople, recordingPlaces } from '../db/schema.ts';

// POST /api/people/{id}/refresh-info and /api/places/{id}/refresh-info through the openai
// adapter, against a local server that speaks the OpenAI API and checks the strict schema.
const SETTLED = 20_000;
const HELMI_SAID = 'Aunt Helmi always said: the sauna is the poor man\'s pharmacy. She baked rye bread every Saturday.';
const STORY_TEXT = 'Every summer we visited Aunt Helmi at her farm in Savo, where she kept three cows.';
const STORY_SPOKEN = 'We went to the farm in Savo every summer and Helmi had three cows there.';

let fake: FakeOpenAi;
let server: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let ownerId: string;
let strangerId: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: fakeOpenAiEngines(fake) });
  ({ owner, ownerId, stranger, strangerId } = await ownerAndStranger(server.url));
});
afterEach(() => {
  fake.reset();
  expect(server.backgroundErrors).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const seed = () => seeder(server.database.db);
const personRow = async (id: number) => (await server.database.db.select().from(people).where(eq(people.id, id)))[0];
const placeRow = async (id: number) => (await server.database.db.select().from(places).where(eq(places.id, id)))[0];
const settledPerson = (id: number) => waitFor(() => personRow(id), (row) => !row.enrichmentRefreshing, SETTLED);
const settledPlace = (id: number) => waitFor(() => placeRow(id), (row) => !row.enrichmentRefreshing, SETTLED);

async function helmiWithRecordings() {
  const person = await seed().person(ownerId, 'Helmi', 'aunt');
  const recording = await seed().recording(ownerId, { transcription: HELMI_SAID });
  await server.database.db.insert(recordingPeople).values({ recordingId: recording.id, personId: person.id });
  // A story that names her by a label linked to her, and the recording it was written from.
  await server.database.db.insert(personLabels).values({ personId: person.id, label: 'Aunt Helmi' });
  const story = await seed().story(ownerId, {
    content: STORY_TEXT,
    metadata: { people: ['aunt helmi'], locations: ['Savo'], dates: [], storyType: 'family' },
  });
  await seed().recording(ownerId, { storyId: story.id, transcription: STORY_SPOKEN });
  return person;
}

describe('refreshing the information gathered from recordings', () => {
  it('sends every transcript and story about a person to the writer and stores the grounded profile whole', async () => {
    const person = await helmiWithRecordings();
    fake.setChatReply({
      values: ['Hard work', 'Fresh bread every week'],
      interests: ['Baking rye bread', 'Sauna', 'Fishing with Pekka'],
      personality: 'Practical and warm.',
      relationshipDynamics: 'Close to her husband Pekka in Oulu.',
      background: 'Kept a farm in Savo with three cows.',
      physicalDescription: '',
      notableQuotes: ['The sauna is the poor man\'s pharmacy.', 'Never trust a city cat with your cream.'],
    });

    // The screen sends no body (spec 7.9).
    const response = await owner.request('POST', `/api/people/${person.id}/refresh-info`);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ refreshing: true });

    const row = await settledPerson(person.id);
    expect(row.enrichmentError).toBeNull();
    // Nulls and empty values are left out; the quote nobody said, what names someone or
    // somewhere nobody mentioned, and claims sharing no word with the sources ("Hard work",
    // "Practical and warm") are gone; paraphrases and names the sources give (Savo) stay.
    expect(row.enrichedInfo).toEqual({
      values: ['Fresh bread every week'],
      interests: ['Baking rye bread', 'Sauna'],
      background: 'Kept a farm in Savo with three cows.',
      notableQuotes: ['The sauna is the poor man\'s pharmacy.'],
    });
    const [chat] = fake.requestsTo('chat');
    expect(chat.json.response_format.json_schema.name).toBe('person_enrichment');
    const sent = JSON.stringify(chat.json.messages);
    expect(sent).toContain('poor man\'s pharmacy');
    expect(sent).toContain('three cows');
    expect(sent).toContain('Helmi');
  });

  it('gathers a place\'s profile from its recordings', async () => {
    const place = await seed().place(ownerId, 'Savo farm', 'home');
    const recording = await seed().recording(ownerId, { transcription: 'The Savo farm had a red barn by the lake and we swam there every evening.' });
    await server.database.db.insert(recordingPlaces).values({ recordingId: recording.id, placeId: place.id });
    fake.setChatReply({
      atmosphere: 'Calm summer evenings.',
      activities: ['Swimming in the lake'],
      physicalFeatures: 'A red barn by the lake.',
      emotionalConnection: null,
      memories: [],
      culturalSignificance: null,
      timeContext: null,
    });

    expect((await owner.post(`/api/places/${place.id}/refresh-info`)).status).toBe(202);
    const row = await settledPlace(place.id);
    expect(row.enrichedInfo).toEqual({ atmosphere: 'Calm summer evenings.', activities: ['Swimming in the lake'], physicalFeatures: 'A red barn by the lake.' });
    expect(JSON.stringify(fake.requestsTo('chat')[0].json.messages)).toContain('red barn');
  });

  it('an answer that keeps failing the schema leaves the old information and says why', async () => {
    const person = await helmiWithRecordings();
    await server.database.db.update(people).set({ enrichedInfo: { personality: 'Kind.' } }).where(eq(people.id, person.id));
    fake.setChatReply({ values: 'not a list', interests: [], personality: null, relationshipDynamics: null, background: null, physicalDescription: null, notableQuotes: [] });

    expect((await owner.post(`/api/people/${person.id}/refresh-info`)).status).toBe(202);
    const row = await settledPerson(person.id);
    expect(row.enrichedInfo).toEqual({ personality: 'Kind.' });
    expect(row.enrichmentError).toMatch(/^Failed to refresh information\./);
    // The first try and the policy's two retries.
    expect(fake.requestsTo('chat')).toHaveLength(3);
  });

  it('nothing recorded about it: 422 nothing_to_enrich, and nothing is queued', async () => {
    const person = await seed().person(ownerId, 'Nobody yet');
    const place = await seed().place(ownerId, 'Nowhere yet');
    for (const path of [`/api/people/${person.id}/refresh-info`, `/api/places/${place.id}/refresh-info`]) {
      const response = await owner.post(path);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ code: 'nothing_to_enrich', message: expect.stringContaining('Failed to refresh information.') });
    }
    expect((await personRow(person.id)).enrichmentRefreshing).toBe(false);
    expect((await placeRow(place.id)).enrichmentRefreshing).toBe(false);
    expect(fake.requestsTo('chat')).toHaveLength(0);
  });

  it('another user\'s person or place: 404, nothing changes, nothing is sent', async () => {
    const theirs = await seed().person(strangerId, 'Their aunt');
    const recording = await seed().recording(strangerId, { transcription: 'Their aunt lived by the sea.' });
    await server.database.db.insert(recordingPeople).values({ recordingId: recording.id, personId: theirs.id });
    const theirPlace = await seed().place(strangerId, 'Their cottage');

    for (const path of [`/api/people/${theirs.id}/refresh-info`, `/api/places/${theirPlace.id}/refresh-info`]) {
      const response = await owner.post(path);
      expect(response.status).toBe(404);
      expect((await response.json()).code).toBe('not_found');
    }
    expect((await personRow(theirs.id)).enrichmentRefreshing).toBe(false);
    expect(fake.requestsTo('chat')).toHaveLength(0);
    expect((await stranger.post(`/api/places/${theirPlace.id}/refresh-info`)).status).toBe(422);
  });

  it('unauthenticated: 401', async () => {
    const person = await helmiWithRecordings();
    expect((await new HttpClient(server.url).post(`/api/people/${person.id}/refresh-info`)).status).toBe(401);
    expect((await personRow(person.id)).enrichmentRefreshing).toBe(false);
  });
});
