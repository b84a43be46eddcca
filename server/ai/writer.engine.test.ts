import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { personEnrichedInfoSchema, placeEnrichedInfoSchema } from '../../contract/enriched-info.ts';
import { storyMetadataSchema } from '../../contract/story-options.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fakes/openai-server.ts';
import { TEST_MODELS } from '../../test/support/shared-files.ts';
import { AiError } from './errors.ts';
import { groundStory } from './grounding.ts';
import { LocalJsonGenerator } from './local/generator.ts';
import { OpenAiJsonGenerator } from './openai/generator.ts';
import type { Writer } from './ports.ts';
import { TaskWriter } from './writer.ts';
import { autobiographyTask } from '../autobiography/autobiography-tasks.ts';
import { enrichPersonTask, enrichPlaceTask } from '../people-and-places/enrichment-tasks.ts';
import { followUpTask } from '../follow-ups/follow-up-task.ts';
import { mergeAdditions } from '../pipeline/hand-edits.ts';
import type { StoryRequest } from '../pipeline/story-prompt.ts';
import { addToStoryTask, regenerateStoryTask, writeStoryTask } from '../pipeline/story-tasks.ts';

// Every adapter runs every feature's writing task the same way (the tasks live with their features).

const english = 'I grew up on a farm near Tampere with my sister Anna. Every summer in 1965 we swam in the lake.';
const request: StoryRequest = { transcripts: [english], language: 'en', style: 'clear_narrative', tone: 'nostalgic', creativity: 'balanced' };
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function openaiWriter(model = 'gpt-5', extra: { apiKey?: string; timeoutMs?: number } = {}) {
  return new TaskWriter(new OpenAiJsonGenerator({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, model, timeoutMs: 2000, ...extra }));
}

const adapters: [string, () => Writer][] = [
  ['openai', () => openaiWriter()],
  ['local', () => new TaskWriter(new LocalJsonGenerator({ modelPath: TEST_MODELS.writer, threads: 1, maxOutputTokens: 1024, contextSize: 2048, seed: 7 }))],
];

describe.each(adapters)('Writer contract: %s', (_name, make) => {
  let writer: Writer;
  beforeAll(() => {
    writer = make();
  });
  afterAll(() => writer.close());

  it('writes a story whose metadata validates and is grounded', async () => {
    const { story, removed } = await writer.run(writeStoryTask, request);
    expect(typeof story.title).toBe('string');
    expect(story.title.length).toBeGreaterThan(0);
    expect(story.content.length).toBeGreaterThan(0);
    expect(storyMetadataSchema.parse(story.metadata)).toEqual(story.metadata);
    expect(groundStory(story, [english]).removed).toEqual({ people: [], locations: [], dates: [] });
    expect(Object.keys(removed).sort()).toEqual(['dates', 'locations', 'people']);
  });

  it('regenerates a story in Finnish', async () => {
    const { story } = await writer.run(regenerateStoryTask, { ...request, language: 'fi', previous: { title: 'Maatila', content: 'Kasvoin maatilalla.' }, instructions: 'Lyhyemmin' });
    expect(storyMetadataSchema.safeParse(story.metadata).success).toBe(true);
  });

  it('adds a new recording to a hand-edited text: the assembled story keeps every sentence of it', async () => {
    const mine = 'I grew up on a farm, and I wrote this part myself.\n\nEvery summer we swam in the lake. The water was cold.';
    const additions = await writer.run(addToStoryTask, {
      ...request,
      transcripts: [english, 'My sister Anna baked rye bread on Saturdays.'],
      fixed: { title: 'The farm', content: mine },
      newTranscripts: [1],
    });
    for (const paragraph of additions.paragraphs) expect(paragraph.text.trim().length).toBeGreaterThan(0);
    const edited = new Date();
    const story = mergeAdditions({ title: 'The farm', content: mine, titleEditedAt: edited, contentEditedAt: edited }, additions);
    for (const sentence of mine.split(/(?<=\.)\s+/)) expect(story.content).toContain(sentence);
    expect(story).toMatchObject({ title: 'The farm', contentEditedAt: edited });
    // Names only from what was added and said.
    for (const name of additions.metadata.people) expect(additions.paragraphs.map((p) => p.text).join(' ')).toMatch(new RegExp(name.split(/\s+/).at(-1)!.slice(0, 3), 'i'));
  });

  it('asks follow-up questions', async () => {
    const { questions } = await writer.run(followUpTask, { stories: [{ title: 'The farm', content: english }], language: 'en', count: 3, sources: [english] });
    expect(Array.isArray(questions)).toBe(true);
    expect(questions.length).toBeLessThanOrEqual(3);
    for (const q of questions) expect(typeof q).toBe('string');
  });

  it('enriches a person and a place with the spec\'s fields only', async () => {
    const person = await writer.run(enrichPersonTask, { name: 'Anna', relationship: 'sister', transcripts: [english], language: 'en' });
    expect(personEnrichedInfoSchema.strict().parse(person)).toEqual(person);
    const place = await writer.run(enrichPlaceTask, { name: 'Tampere', type: 'city', transcripts: [english], language: 'fi' });
    expect(placeEnrichedInfoSchema.strict().parse(place)).toEqual(place);
  });

  it('writes an autobiography from stories', async () => {
    const book = await writer.run(autobiographyTask, { stories: [{ title: 'The farm', content: english, when: '1965' }], language: 'en', title: 'My life' });
    expect(book.title.length).toBeGreaterThan(0);
    expect(book.content.length).toBeGreaterThan(0);
  });

  it('says it is ready', async () => {
    expect(await writer.status()).toMatchObject({ name: 'writer', ready: true });
  });
});

describe('OpenAI writer', () => {
  const story = { title: 'Summers by the lake', content: 'We swam every summer.', people: ['Anna'], locations: ['Tampere'], dates: ['1965'], storyType: 'childhood' };

  it('asks for strict structured output and leaves temperature out for gpt-5', async () => {
    fake.queueChatReply(story);
    const { story: written } = await openaiWriter('gpt-5').run(writeStoryTask, request);
    const body = fake.requestsTo('chat')[0]!.json;
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'story', strict: true } });
    expect(body.response_format.json_schema.schema.properties.storyType.enum).toContain('personal note');
    expect(body.temperature).toBeUndefined();
    expect(body.reasoning_effort).toBe('low');
    expect(body.messages[0]).toMatchObject({ role: 'system' });
    expect(body.messages[0].content).toContain('Style: clear narrative');
    expect(body.messages[1].content).toContain(english);
    expect(written).toEqual({ title: story.title, content: story.content, metadata: { people: ['Anna'], locations: ['Tampere'], dates: ['1965'], storyType: 'childhood' } });
  });

  it('sends the creativity temperature to models that take one (gpt-4o, Ollama models)', async () => {
    for (const model of ['gpt-4o', 'llama3.2']) {
      fake.queueChatReply(story);
      await openaiWriter(model).run(writeStoryTask, { ...request, creativity: 'literal' });
    }
    expect(fake.requestsTo('chat').map((r) => [r.json.model, r.json.temperature])).toEqual([['gpt-4o', 0.3], ['llama3.2', 0.3]]);
    expect(fake.errors).toEqual([]);
  });

  it('removes an invented person, place and date and reports them', async () => {
    fake.queueChatReply({ ...story, people: ['Anna', 'Uncle Robert'], locations: ['Tampere', 'Stockholm'], dates: ['1965', '1972'] });
    const { story: written, removed } = await openaiWriter().run(writeStoryTask, request);
    expect(written.metadata).toMatchObject({ people: ['Anna'], locations: ['Tampere'], dates: ['1965'] });
    expect(removed).toEqual({ people: ['Uncle Robert'], locations: ['Stockholm'], dates: ['1972'] });
  });

  it('drops quotes nobody said and empty enrichment fields', async () => {
    fake.queueChatReply({ values: [], interests: ['swimming'], personality: null, relationshipDynamics: ' ', background: 'Grew up on a farm.', physicalDescription: null, notableQuotes: ['we swam in the lake', 'I love Paris in the spring'] });
    expect(await openaiWriter().run(enrichPersonTask, { name: 'Anna', transcripts: [english], language: 'en' })).toEqual({
      interests: ['swimming'], background: 'Grew up on a farm.', notableQuotes: ['we swam in the lake'],
    });
  });

  it('reports an answer that does not fit the schema as a retryable processing failure, after one request', async () => {
    fake.setChatReply({ wrong: true });
    await expect(openaiWriter().run(writeStoryTask, request)).rejects.toMatchObject({ code: 'processing_failed', retryable: true });
    expect(fake.requestsTo('chat')).toHaveLength(1);
  });

  it.each([
    [401, undefined, 'authentication_failed'],
    [429, 'insufficient_quota', 'quota_exceeded'],
    [503, undefined, 'temporarily_unavailable'],
    ['timeout', undefined, 'temporarily_unavailable'],
  ] as const)('maps a provider %s to %s', async (status, code, expected) => {
    fake.fail('chat', status, code, { times: 10 });
    const error = await openaiWriter('gpt-5', { timeoutMs: 300 }).run(writeStoryTask, request).catch((e: unknown) => e);
    expect((error as AiError).code).toBe(expected);
    expect(fake.requestsTo('chat')).toHaveLength(1); // the job queue retries, never the adapter
  });

  it('leaves a server error to the job queue to retry, and a rate limit to wait out', async () => {
    fake.fail('chat', 500);
    const serverError = (await openaiWriter().run(writeStoryTask, request).catch((e: unknown) => e)) as AiError;
    expect(serverError).toMatchObject({ code: 'temporarily_unavailable', retryable: true, retryAfterMs: undefined });
    fake.fail('chat', 429, 'rate_limit_exceeded', { retryAfterSeconds: 20 });
    const rateLimit = (await openaiWriter().run(writeStoryTask, request).catch((e: unknown) => e)) as AiError;
    expect(rateLimit).toMatchObject({ code: 'temporarily_unavailable', retryable: true, retryAfterMs: 20_000 });
    expect(fake.requestsTo('chat').map((r) => r.status)).toEqual([500, 429]);
  });
});

describe('local writer', () => {
  it('waits for a missing model', async () => {
    const writer = new TaskWriter(new LocalJsonGenerator({ modelPath: '/nowhere/gemma-3-4b-it-Q4_K_M.gguf' }));
    await expect(writer.run(writeStoryTask, request)).rejects.toMatchObject({ code: 'temporarily_unavailable', retryable: true });
    expect(await writer.status()).toMatchObject({ ready: false, problem: expect.stringContaining('gemma-3-4b-it-Q4_K_M.gguf') });
  });
});
