import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ParagraphSources, StoryVoiceView, TranscriptTimings } from '../../contract/voice.ts';
import { type FakeOpenAi, type Refusal, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { familyReader } from '../../test/support/family.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { recordings, stories } from '../db/schema.ts';
import { sendJob } from '../jobs/send-job.ts';
import { writeStoryJob } from '../pipeline/write-story-job.ts';
import { markStorySources } from './mark-story.ts';

// Story paragraphs that lead back to the voice (issue 29, decision 038): the real write-story
// job (the writer a local fake of the OpenAI API), the real server and database. The
// recordings' timings are seeded in the database as the transcription stores them.
const SETTLED = 30_000;

const timed = (...sentences: [string, number, number][]): TranscriptTimings => ({
  source: 'segments',
  sentences: sentences.map(([text, start, end]) => ({ text, start, end })),
});
const FARM_SENTENCES: [string, number, number][] = [
  ['I grew up on a farm near Tampere with my sister Anna.', 0.4, 4],
  ['Every summer we swam in the lake.', 4.3, 6.5],
  ['In 1952 we moved to Helsinki, where my father found work at the harbour.', 7.2, 13],
];
const FARM = { transcription: FARM_SENTENCES.map(([text]) => text).join(' '), transcriptTimings: timed(...FARM_SENTENCES) };
const TRAM_SENTENCES: [string, number, number][] = [
  ['Later I drove a tram in Helsinki for thirty years.', 0.2, 4.5],
  ['I loved the quiet early mornings on the tram.', 5, 9],
];
const TRAM = { transcription: TRAM_SENTENCES.map(([text]) => text).join(' '), transcriptTimings: timed(...TRAM_SENTENCES) };

const WRITTEN = {
  title: 'From the farm to the city',
  content:
    'I grew up on a farm near Tampere with my sister Anna, and every summer we swam in the lake.\n\nIn 1952 the family moved to Helsinki, where father had found work at the harbour.',
  people: [],
  locations: [],
  dates: [],
  storyType: 'childhood',
};

let fake: FakeOpenAi;
let server: TestApp;
let seed: ReturnType<typeof seeder>;
let accounts = 0;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: fakeOpenAiEngines(fake) });
  seed = seeder(server.database.db, server.store);
});
/** The refusals a test provokes on purpose; any other refusal fails it. */
let expectedRefusals: Refusal[] = [];
afterEach(() => {
  const refused = [...fake.refused];
  const expected = expectedRefusals;
  expectedRefusals = [];
  fake.reset();
  expect(refused).toEqual(expected);
  expect(server.backgroundErrors).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const db = () => server.database.db;
const owner = () => signedUpClient(server.url, `teller-${++accounts}@example.com`);
const sourcesOf = async (storyId: number) => (await db().select().from(stories).where(eq(stories.id, storyId)))[0].paragraphSources;
const voiceOf = async (client: HttpClient, storyId: number) => (await client.get(`/api/stories/${storyId}/voice`)).json() as Promise<StoryVoiceView>;
/** The writer's answer to a story's writing (its follow-up questions get none). */
const writerAnswers = (reply: object, schema = 'story') => fake.setChatReply((request) => (request.schemaName === schema ? reply : { questions: [] }));

/** Runs the real write-story job on a story and waits until it has left processing. */
async function writeStory(storyId: number, regenerate = false) {
  await sendJob(server.queue, writeStoryJob, { storyId, regenerate });
  return waitFor(
    async () => (await db().select().from(stories).where(eq(stories.id, storyId)))[0],
    (row) => row.processingStatus !== 'processing',
    SETTLED,
    `story ${storyId} written`,
  );
}

/** A new story of one timed recording (the farm), written by the job: its two paragraphs marked. */
async function writtenFarmStory(ownerId: string) {
  const story = await seed.story(ownerId, { processingStatus: 'processing', generatedAt: null, title: 'Untitled recording', content: '' });
  const farm = await seed.recording(ownerId, { storyId: story.id, ...FARM });
  writerAnswers(WRITTEN);
  await writeStory(story.id);
  return { story, farm };
}

describe('the writer marks where each paragraph was said', () => {
  it('a written story: each paragraph leads to the sentences it retells, in its own recordings only', async () => {
    const { id: ownerId } = await owner();
    // The same words said for another story of the teller's are not this story's voice.
    const elsewhere = await seed.story(ownerId, { title: 'Another story' });
    await seed.recording(ownerId, { storyId: elsewhere.id, ...FARM });
    const { story, farm } = await writtenFarmStory(ownerId);

    const [row] = await db().select().from(stories).where(eq(stories.id, story.id));
    expect(row).toMatchObject({ processingStatus: 'generated', content: WRITTEN.content });
    expect(row.paragraphSources).toEqual([
      [{ recordingId: farm.id, start: 0.4, end: 6.5 }],
      [{ recordingId: farm.id, start: 7.2, end: 13 }],
    ]);
  });

  it('a story rewritten is marked again for its new text', async () => {
    const { id: ownerId } = await owner();
    const { story, farm } = await writtenFarmStory(ownerId);
    writerAnswers({ ...WRITTEN, content: 'When I was young, father found work at the harbour in Helsinki and we moved there in 1952.' });
    await db().update(stories).set({ processingStatus: 'processing' }).where(eq(stories.id, story.id));
    await writeStory(story.id, true);
    expect(await sourcesOf(story.id)).toEqual([[{ recordingId: farm.id, start: 7.2, end: 13 }]]);
  });

  it('the transcripts kept as a draft when the writer fails: each paragraph is its recording', async () => {
    const { id: ownerId } = await owner();
    const story = await seed.story(ownerId, { processingStatus: 'processing', generatedAt: null, title: 'Untitled recording', content: '' });
    const farm = await seed.recording(ownerId, { storyId: story.id, orderIndex: 0, ...FARM });
    const tram = await seed.recording(ownerId, { storyId: story.id, orderIndex: 1, ...TRAM });
    fake.fail('chat', 401, 'invalid_api_key', { matches: (request) => request.json?.response_format?.json_schema?.name === 'story' });
    expectedRefusals = [{ endpoint: 'chat', status: 401, code: 'invalid_api_key', asked: true }];
    expect(await writeStory(story.id)).toMatchObject({ processingStatus: 'draft', content: `${FARM.transcription}\n\n${TRAM.transcription}` });
    expect(await sourcesOf(story.id)).toEqual([
      [{ recordingId: farm.id, start: 0.4, end: 13 }],
      [{ recordingId: tram.id, start: 0.2, end: 9 }],
    ]);
  });

  it('a story whose recordings have no timings yet stays unmarked, for the background pass', async () => {
    const { id: ownerId } = await owner();
    const story = await seed.story(ownerId, { processingStatus: 'processing', generatedAt: null, title: 'Untitled recording', content: '' });
    await seed.recording(ownerId, { storyId: story.id, transcription: FARM.transcription, transcriptTimings: null });
    writerAnswers(WRITTEN);
    expect(await writeStory(story.id)).toMatchObject({ processingStatus: 'generated', paragraphSources: null });
  });
});

describe('hand edits keep the links', () => {
  it('an edited paragraph keeps its link, a new paragraph has none', async () => {
    const { client, id: ownerId } = await owner();
    const { story, farm } = await writtenFarmStory(ownerId);
    const [first, second] = WRITTEN.content.split('\n\n');
    const edited = first.replace('my sister Anna', 'my little sister Anna');
    const mine = 'My grandchildren never tire of hearing about it.';
    const response = await client.request('PATCH', `/api/stories/${story.id}`, { content: [edited, mine, second].join('\n\n') });
    expect(response.status).toBe(200);

    expect((await voiceOf(client, story.id)).paragraphs).toEqual([
      [{ recordingId: farm.id, start: 0.4, end: 6.5 }],
      [],
      [{ recordingId: farm.id, start: 7.2, end: 13 }],
    ]);
    // A change of another field leaves them be.
    await client.request('PATCH', `/api/stories/${story.id}`, { title: 'My title' });
    expect((await voiceOf(client, story.id)).paragraphs).toHaveLength(3);
  });

  it('a new recording for a hand-edited text: the person\'s paragraphs keep theirs, the writer\'s new one gets the new recording\'s', async () => {
    const { id: ownerId } = await owner();
    const mine = 'I grew up on a farm near Tampere with my sister Anna; we swam in the lake every summer.\n\nThese are my own words.';
    const story = await seed.story(ownerId, {
      content: mine,
      processingStatus: 'processing',
      contentEditedAt: new Date('2026-01-02'),
      generatedAt: new Date('2026-01-01'),
      hasNewRecordings: true,
    });
    const farm = await seed.recording(ownerId, { storyId: story.id, orderIndex: 0, updatedAt: new Date('2025-12-31'), ...FARM });
    const tram = await seed.recording(ownerId, { storyId: story.id, orderIndex: 1, ...TRAM });
    const carried: ParagraphSources = [[{ recordingId: farm.id, start: 0.4, end: 6.5 }], []];
    await db().update(stories).set({ paragraphSources: carried }).where(eq(stories.id, story.id));

    const added = 'For thirty years I drove a tram in Helsinki, and I loved the quiet early mornings.';
    writerAnswers({ title: 'Farm and tram', paragraphs: [{ after: null, text: added }], people: [], locations: [], dates: [] }, 'story_additions');
    const written = await writeStory(story.id, true);

    expect(written).toMatchObject({ content: `${mine}\n\n${added}`, hasNewRecordings: false });
    expect(written.paragraphSources).toEqual([...carried, [{ recordingId: tram.id, start: 0.2, end: 9 }]]);
  });
});

describe('markStorySources', () => {
  it('on a hand-edited text: keeps the spans carried, marks a paragraph whose spans name a recording gone', async () => {
    const { id: ownerId } = await owner();
    const story = await seed.story(ownerId, { content: WRITTEN.content, contentEditedAt: new Date() });
    const farm = await seed.recording(ownerId, { storyId: story.id, ...FARM });
    const mine: ParagraphSources = [[{ recordingId: farm.id, start: 0, end: 2 }], [{ recordingId: farm.id + 1000, start: 1, end: 2 }]];
    await db().update(stories).set({ paragraphSources: mine }).where(eq(stories.id, story.id));
    await markStorySources(db(), story.id);
    expect(await sourcesOf(story.id)).toEqual([mine[0], [{ recordingId: farm.id, start: 7.2, end: 13 }]]);

    // Sources that do not fit the text (two lists, three paragraphs) are not trusted: all marked.
    await db().update(stories).set({ content: `${WRITTEN.content}\n\nMy own words.` }).where(eq(stories.id, story.id));
    await markStorySources(db(), story.id);
    expect(await sourcesOf(story.id)).toEqual([[{ recordingId: farm.id, start: 0.4, end: 6.5 }], [{ recordingId: farm.id, start: 7.2, end: 13 }], []]);
  });
});

describe('GET /api/stories/{id}/voice', () => {
  /** A story shared with the family, its paragraphs' sources seeded. */
  async function sharedStory(ownerId: string) {
    const story = await seed.story(ownerId, { content: WRITTEN.content, sharedWithFamilyAt: new Date() });
    const farm = await seed.recording(ownerId, { storyId: story.id, duration: 13.5, ...FARM });
    const sources: ParagraphSources = [[{ recordingId: farm.id, start: 0.4, end: 6.5 }], [{ recordingId: farm.id, start: 7.2, end: 13 }]];
    await db().update(stories).set({ paragraphSources: sources }).where(eq(stories.id, story.id));
    return { story, farm, sources };
  }

  it('gives the owner and a reader of the family the spans and the recordings they play', async () => {
    const { client, id: ownerId } = await owner();
    const { story, farm, sources } = await sharedStory(ownerId);
    const expected: StoryVoiceView = { paragraphs: sources, recordings: [{ id: farm.id, duration: 13.5, audioUrl: `/api/recordings/${farm.id}/audio` }] };
    expect(await voiceOf(client, story.id)).toEqual(expected);

    const { client: reader } = await familyReader(server, ownerId);
    const response = await reader.get(`/api/stories/${story.id}/voice`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expected);
  });

  it('leaves out the spans of a recording the story no longer has', async () => {
    const { client, id: ownerId } = await owner();
    const { story, farm } = await sharedStory(ownerId);
    const elsewhere = await seed.story(ownerId, { title: 'Another story' });
    await db().update(recordings).set({ storyId: elsewhere.id }).where(eq(recordings.id, farm.id));
    expect(await voiceOf(client, story.id)).toEqual({ paragraphs: [[], []], recordings: [] });
  });

  it('answers 404 to another user and to a reader of another family, 401 without a session', async () => {
    const { id: ownerId } = await owner();
    const { story } = await sharedStory(ownerId);
    const { client: stranger, id: strangerId } = await owner();
    expect((await stranger.get(`/api/stories/${story.id}/voice`)).status).toBe(404);
    const { client: otherReader } = await familyReader(server, strangerId);
    expect((await otherReader.get(`/api/stories/${story.id}/voice`)).status).toBe(404);
    expect((await new HttpClient(server.url).get(`/api/stories/${story.id}/voice`)).status).toBe(401);
  });
});
