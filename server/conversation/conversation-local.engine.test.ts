import { afterAll, beforeAll, expect, it } from 'vitest';
import { conversationFollowUpResponseSchema } from '../../contract/conversation.ts';
import { localTestEngines } from '../../test/support/engines.ts';
import { type HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { normaliseAudio } from '../audio/normalise.ts';
import { namesTheUnsaid, numbersTheUnsaid, TranscriptVocabulary } from '../ai/grounding.ts';
import { FALLBACK_QUESTIONS } from './fallback-questions.ts';

// The spoken interview on the local engines: espeak-ng speaks, the tiny test writer asks.
let server: TestApp;
let client: HttpClient;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: localTestEngines() });
  ({ client } = await signedUpClient(server.url, 'local-talk@example.com'));
});
afterAll(() => server?.close());

it('speaks a Finnish question as playable audio', async () => {
  const response = await client.post('/api/conversation/speech', { text: 'Missä vietit lapsuutesi kesät?', language: 'fi' });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^audio\//);
  const decoded = await normaliseAudio(Buffer.from(await response.arrayBuffer()));
  expect(decoded.durationSeconds).toBeGreaterThan(0.5);
});

it('a follow-up comes back in Saaga\'s plain words or the writer\'s, grounded in the answer', async () => {
  const question = 'Where did you spend your summers?';
  const answer = 'We went to the lake every summer. My grandmother rowed the boat and I fished.';
  const response = await client.post('/api/conversation/follow-up', { question, answer, language: 'en' });
  expect(response.status).toBe(200);
  const body = conversationFollowUpResponseSchema.parse(await response.json());
  if (body.source === 'fallback') expect(FALLBACK_QUESTIONS.en).toContain(body.question);
  else {
    const vocabulary = new TranscriptVocabulary([answer, question]);
    expect(body.question.trim().length).toBeGreaterThan(0);
    expect(namesTheUnsaid(body.question, vocabulary) || numbersTheUnsaid(body.question, vocabulary)).toBe(false);
    expect(body.question).not.toBe(question);
  }
});
