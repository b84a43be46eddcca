import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_LIMITS, conversationFinishResponseSchema, conversationFollowUpResponseSchema } from '../../contract/conversation.ts';
import { type ChatRequestInfo, type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { HttpClient, ownerAndStranger, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { settledStory, waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { recordings, stories } from '../db/schema.ts';
import { FALLBACK_QUESTIONS } from './fallback-questions.ts';

let fake: FakeOpenAi;
let server: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let ownerId: string;
let strangerId: string;
let webm: Buffer;
let clips: { dir: string; remove: () => Promise<void> };

beforeAll(async () => {
  fake = await startFakeOpenAi();
  clips = await clipDir();
  webm = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
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
  await clips?.remove();
});

const db = () => server.database.db;
const followUpChats = () => fake.requestsTo('chat').filter((r) => r.json.response_format?.json_schema?.name === 'follow_up_questions');
const writerAsks = (questions: string[]) =>
  fake.setChatReply((request: ChatRequestInfo) =>
    request.schemaName === 'follow_up_questions'
      ? { questions }
      : { title: 'The lake', content: 'We rowed across the lake at dawn.', people: [], locations: [], dates: [], storyType: 'other' });

const ANSWER = 'My grandmother took me rowing on the lake every summer morning before anyone else woke up.';

describe('POST /api/conversation/follow-up', () => {
  it('returns the writer\'s question when it names only what the person said', async () => {
    writerAsks(['What did your grandmother say while you rowed on the lake?']);
    const response = await owner.post('/api/conversation/follow-up', { question: 'Where did you spend your summers?', answer: ANSWER, language: 'en' });
    expect(response.status).toBe(200);
    expect(conversationFollowUpResponseSchema.parse(await response.json())).toEqual({
      question: 'What did your grandmother say while you rowed on the lake?', source: 'writer',
    });
    // The writer was told the answer and the question it follows.
    const [chat] = followUpChats();
    expect(JSON.stringify(chat.json.messages)).toContain('rowing on the lake');
    expect(JSON.stringify(chat.json.messages)).toContain('Where did you spend your summers?');
  });

  it('replaces a question naming a place or year nobody said with a plain one in the person\'s language', async () => {
    writerAsks(['What was the lake near Kuopio like in 1962?']);
    const english = await owner.post('/api/conversation/follow-up', { question: 'Where did you spend your summers?', answer: ANSWER, language: 'en' });
    expect(await english.json()).toEqual({ question: FALLBACK_QUESTIONS.en[0], source: 'fallback' });

    // Finnish, with the plain question already asked: the next one.
    const finnish = await owner.post('/api/conversation/follow-up', {
      question: 'Missä vietit kesäsi?', answer: 'Mummo vei minut soutamaan järvelle joka kesäaamu.', language: 'fi', askedBefore: [FALLBACK_QUESTIONS.fi[0]],
    });
    expect(await finnish.json()).toEqual({ question: FALLBACK_QUESTIONS.fi[1], source: 'fallback' });
  });

  it('asks the plain question when the writer fails, and when there was no answer text at all', async () => {
    fake.fail('chat', 500, 'server_error', { times: 10 });
    const failed = await owner.post('/api/conversation/follow-up', { question: 'Where did you spend your summers?', answer: ANSWER, language: 'en' });
    expect(failed.status).toBe(200);
    expect(await failed.json()).toEqual({ question: FALLBACK_QUESTIONS.en[0], source: 'fallback' });
    fake.reset();

    const silent = await owner.post('/api/conversation/follow-up', { question: 'Where did you spend your summers?', answer: '  ', language: 'en' });
    expect(await silent.json()).toEqual({ question: FALLBACK_QUESTIONS.en[0], source: 'fallback' });
    expect(followUpChats()).toHaveLength(0);
  });

  it('grounds in the story told so far: a name said in an earlier answer may be asked about', async () => {
    const story = await seeder(db()).story(ownerId, { title: 'Summers', content: 'Summers at the lake.', processingStatus: 'generated' });
    await seeder(db()).recording(ownerId, { storyId: story.id, transcription: 'Aunt Helmi came every July.', processingStatus: 'transcribed' });
    writerAsks(['What did Helmi bring with her?']);
    const response = await owner.post('/api/conversation/follow-up', { storyId: story.id, question: 'Who visited?', answer: 'She always brought something.', language: 'en' });
    expect(await response.json()).toEqual({ question: 'What did Helmi bring with her?', source: 'writer' });
  });

  it('validates its body in the spec\'s words, and another user\'s story is a 404 before the writer is asked', async () => {
    const empty = await owner.post('/api/conversation/follow-up', { question: '', answer: ANSWER, language: 'en' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: 'validation', field: 'question', message: 'question: Question is required' });
    const long = await owner.post('/api/conversation/follow-up', { question: 'Q?', answer: 'a'.repeat(CONVERSATION_LIMITS.answerChars + 1), language: 'en' });
    expect(long.status).toBe(400);
    expect((await long.json()).field).toBe('answer');
    const language = await owner.post('/api/conversation/follow-up', { question: 'Q?', answer: ANSWER, language: 'sv' });
    expect((await language.json()).field).toBe('language');

    const theirs = await seeder(db()).story(strangerId);
    const response = await owner.post('/api/conversation/follow-up', { storyId: theirs.id, question: 'Q?', answer: ANSWER, language: 'en' });
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('not_found');
    expect(followUpChats()).toHaveLength(0);
  });
});

describe('POST /api/conversation/speech', () => {
  it('speaks the question through the narrator, once per text and language', async () => {
    const first = await owner.post('/api/conversation/speech', { text: 'Where did you spend your summers?', language: 'en' });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^audio\//);
    const audio = Buffer.from(await first.arrayBuffer());
    expect(audio.length).toBeGreaterThan(100);
    expect(fake.requestsTo('speech')).toHaveLength(1);
    expect(fake.requestsTo('speech')[0].json.input).toBe('Where did you spend your summers?');

    const again = await stranger.post('/api/conversation/speech', { text: 'Where did you spend your summers?', language: 'en' });
    expect(Buffer.from(await again.arrayBuffer()).equals(audio)).toBe(true);
    expect(fake.requestsTo('speech')).toHaveLength(1);
    await owner.post('/api/conversation/speech', { text: 'Missä vietit kesäsi?', language: 'fi' });
    expect(fake.requestsTo('speech')).toHaveLength(2);
  });

  it('a narration that fails is a 502 with its code; a long or empty text is a 400', async () => {
    fake.fail('speech', 400, 'invalid_request_error', { times: 10 });
    const failed = await owner.post('/api/conversation/speech', { text: 'A question never spoken before?', language: 'en' });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ code: 'narration_failed', message: 'The question could not be spoken' });
    fake.takeErrors();
    fake.reset();

    const long = await owner.post('/api/conversation/speech', { text: 'a'.repeat(CONVERSATION_LIMITS.speechChars + 1), language: 'en' });
    expect(long.status).toBe(400);
    expect((await long.json()).field).toBe('text');
    expect((await owner.post('/api/conversation/speech', { text: ' ', language: 'en' })).status).toBe(400);
  });
});

describe('rate limits', () => {
  it('a user may have 30 questions spoken a minute; another user is not held back by them', async () => {
    const { client } = await signedUpClient(server.url, 'talkative@example.com');
    const speak = (who: HttpClient) => who.post('/api/conversation/speech', { text: 'Who taught you to swim?', language: 'en' });
    for (let i = 0; i < CONVERSATION_LIMITS.speechPerMinute; i++) expect((await speak(client)).status).toBe(200);
    const refused = await speak(client);
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('rate_limited');
    expect((await speak(stranger)).status).toBe(200);
    // Spoken once, the rest from the cache.
    expect(fake.requestsTo('speech')).toHaveLength(1);
  });
});

describe('signed out', () => {
  it('every conversation route answers 401', async () => {
    const anonymous = new HttpClient(server.url);
    for (const path of ['/api/conversation/speech', '/api/conversation/follow-up', '/api/conversation/1/finish']) {
      const response = await anonymous.post(path, { text: 'Hi', question: 'Q?', answer: 'A', language: 'en' });
      expect(response.status, path).toBe(401);
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('POST /api/conversation/{storyId}/finish', () => {
  it('a conversation of two answers ends as one story written from both, each recording with its question', async () => {
    fake.queueTranscript('We rowed on the lake.', 'Grandmother sang while she rowed.');
    writerAsks([]);
    const first = await uploadForm(owner, '/api/recordings', { contextType: 'new_story', promptQuestion: 'Where did you spend your summers?', questionId: 'childhood.home', appLanguage: 'en' }, { bytes: webm, filename: 'a.webm' });
    expect(first.status).toBe(201);
    const storyId = (await first.json()).story.id as number;
    await settledStory(owner, storyId, 20_000);
    const second = await uploadForm(owner, `/api/stories/${storyId}/recordings`, { contextType: 'story', contextId: String(storyId), promptQuestion: 'Who rowed with you?', appLanguage: 'en' }, { bytes: webm, filename: 'b.webm' });
    expect(second.status).toBe(201);

    const finish = await owner.post(`/api/conversation/${storyId}/finish`);
    expect(finish.status).toBe(202);
    expect(conversationFinishResponseSchema.parse(await finish.json())).toEqual({ storyId, rewriting: true });

    // Written again once the second answer is transcribed, from both.
    const storyChats = () => fake.requestsTo('chat').filter((r) => r.json.response_format?.json_schema?.name !== 'follow_up_questions');
    await waitFor(async () => storyChats().filter((r) => JSON.stringify(r.json.messages).includes('Grandmother sang')).length, (n) => n > 0, 30_000);
    await settledStory(owner, storyId, 20_000);
    // Written once more, not once per answer.
    expect(storyChats().filter((r) => JSON.stringify(r.json.messages).includes('Grandmother sang'))).toHaveLength(1);
    const lastStoryChat = JSON.stringify(storyChats().at(-1)!.json.messages);
    expect(lastStoryChat).toContain('We rowed on the lake.');
    expect(lastStoryChat).toContain('Grandmother sang while she rowed.');
    // The follow-up is beside the answer it drew; the story's own question is said once, not per recording.
    expect(lastStoryChat).toContain('Recording 2 (answering: Who rowed with you?)');
    expect(lastStoryChat).not.toContain('answering: Where did you spend your summers?');
    const [story] = await db().select().from(stories).where(eq(stories.id, storyId));
    expect(story).toMatchObject({ processingStatus: 'generated', promptQuestion: 'Where did you spend your summers?', questionId: 'childhood.home' });
    const rows = await db().select().from(recordings).where(eq(recordings.storyId, storyId)).orderBy(asc(recordings.orderIndex));
    expect(rows.map((r) => [r.promptQuestion, r.transcription])).toEqual([
      ['Where did you spend your summers?', 'We rowed on the lake.'],
      ['Who rowed with you?', 'Grandmother sang while she rowed.'],
    ]);
  });

  it('one answer needs no rewriting; another user\'s story is a 404 and nothing is queued', async () => {
    const mine = await seeder(db()).story(ownerId, { processingStatus: 'generated' });
    await seeder(db()).recording(ownerId, { storyId: mine.id, processingStatus: 'transcribed', transcription: 'One answer.' });
    const one = await owner.post(`/api/conversation/${mine.id}/finish`);
    expect(one.status).toBe(202);
    expect(await one.json()).toEqual({ storyId: mine.id, rewriting: false });

    const theirs = await seeder(db()).story(strangerId, { processingStatus: 'generated' });
    await seeder(db()).recording(strangerId, { storyId: theirs.id, processingStatus: 'transcribed', transcription: 'A.' });
    await seeder(db()).recording(strangerId, { storyId: theirs.id, processingStatus: 'transcribed', transcription: 'B.' });
    const response = await owner.post(`/api/conversation/${theirs.id}/finish`, { userId: strangerId });
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('not_found');
    const [after] = await db().select().from(stories).where(eq(stories.id, theirs.id));
    expect(after.processingStatus).toBe('generated');
  });
});

describe('a server without AI engines', () => {
  it('says the conversation is unavailable (503) for speech and follow-ups; finishing still works', async () => {
    const bare = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
    try {
      const { client, id } = await signedUpClient(bare.url, 'bare@example.com');
      for (const [path, body] of [
        ['/api/conversation/speech', { text: 'Where did you grow up?', language: 'en' }],
        ['/api/conversation/follow-up', { question: 'Where did you grow up?', answer: ANSWER, language: 'en' }],
      ] as const) {
        const response = await client.post(path, body);
        expect(response.status, path).toBe(503);
        expect(await response.json(), path).toEqual({ code: 'unavailable', message: 'Conversation is not available: the AI engines are not running' });
      }
      const story = await seeder(bare.database.db).story(id);
      expect((await client.post(`/api/conversation/${story.id}/finish`)).status).toBe(202);
    } finally {
      await bare.close();
    }
  });
});
