import { afterAll, beforeAll, expect, it } from 'vitest';
import { lifeGapsSchema, type LifeGapsDto } from '../../contract/interviewer.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { HttpClient, ownerAndStranger, signedUpClient } from '../../test/support/http-client.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

// The interviewer's questions for the untold parts of a life: decades, people and places
// with no stories, asked about by the writer in the background.
let fake: FakeOpenAi;
let server: TestApp;
let owner: HttpClient;
let ownerId: string;
let strangerId: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: fakeOpenAiEngines(fake) });
  ({ owner, ownerId, strangerId } = await ownerAndStranger(server.url));
});
afterAll(async () => {
  await server?.close();
  expect(fake.errors).toEqual([]);
  await fake?.close();
});

const gaps = async (language = 'en'): Promise<LifeGapsDto> => {
  const response = await owner.get(`/api/interviewer/gaps?language=${language}`);
  expect(response.status).toBe(200);
  return lifeGapsSchema.parse(await response.json());
};

it('finds the untold decades, people and places, and has the writer ask about them in the background', async () => {
  const seed = seeder(server.database.db);
  await seed.story(ownerId, { title: 'Born by the lake', year: 1950, temporalType: 'year' });
  await seed.story(ownerId, { title: 'The sawmill years', year: 1965, endYear: 1972, temporalType: 'year_span', metadata: { people: ['Eino'], locations: [], dates: [], storyType: 'family' } });
  const eino = await seed.person(ownerId, 'Eino', 'father');
  const helmi = await seed.person(ownerId, 'Helmi', 'aunt');
  const tampere = await seed.place(ownerId, 'Tampere', 'city');
  await seed.story(strangerId, { title: 'Not mine', year: 1990, temporalType: 'year' });
  await seed.person(strangerId, 'Someone else', 'friend');

  const decades = Array.from({ length: (Math.floor(new Date().getFullYear() / 10) * 10 - 1980) / 10 + 1 }, (_, i) => 1980 + i * 10);
  fake.setChatReply({
    questions: [
      { key: 'decade:1980', question: 'Where were you living in the 1980s, and what filled your days?' },
      { key: `person:${helmi.id}`, question: 'What do you remember best about Helmi?' },
      { key: `place:${tampere.id}`, question: 'What took you to Tampere in Lapland?' },
    ],
  });
  const first = await gaps();
  expect(first.undated).toBe(false);
  expect(first.decades.map((d) => d.decade)).toEqual(decades);
  expect(first.people).toEqual([{ id: helmi.id, name: 'Helmi', key: `person:${helmi.id}`, question: null }]);
  expect(first.people.map((p) => p.id)).not.toContain(eino.id);
  expect(first.places.map((p) => p.name)).toEqual(['Tampere']);
  expect(first.writing).toBe(true);

  const written = await waitFor(() => gaps(), (body) => !body.writing, 30_000);
  expect(written.decades.find((d) => d.decade === 1980)?.question).toBe('Where were you living in the 1980s, and what filled your days?');
  expect(written.people[0].question).toBe('What do you remember best about Helmi?');
  // "Lapland" is nowhere in what the person told: no question rather than a made-up one.
  expect(written.places[0].question).toBeNull();
  expect(written.decades.find((d) => d.decade === 1990)?.question).toBeNull();

  const [chat] = fake.requestsTo('chat');
  expect(chat.json.response_format.json_schema.name).toBe('gap_questions');
  const sent = JSON.stringify(chat.json.messages);
  for (const text of ['decade:1980', 'Helmi', 'Tampere', 'The sawmill years', '1960s']) expect(sent).toContain(text);
  expect(sent).not.toContain('Someone else');
  expect(sent).not.toContain('Not mine');

  // Every gap has its answer now (a question, or none): asking again queues nothing.
  expect((await gaps()).writing).toBe(false);
  expect(fake.requestsTo('chat')).toHaveLength(1);
});

it('has no decades to ask about before any story has a year, and answers 401 without a session', async () => {
  const { client } = await signedUpClient(server.url, 'undated@example.com');
  const body = lifeGapsSchema.parse(await (await client.get('/api/interviewer/gaps?language=fi')).json());
  expect(body).toMatchObject({ decades: [], people: [], places: [], undated: true, writing: false });
  expect((await new HttpClient(server.url).get('/api/interviewer/gaps')).status).toBe(401);
});
