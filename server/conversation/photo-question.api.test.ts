import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { photoQuestionResponseSchema } from '../../contract/photo-prompts.ts';
import { type ChatRequestInfo, type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { HttpClient, ownerAndStranger, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

// Talk with Saaga from a photo: the first question is about the photo (issue 27).
let fake: FakeOpenAi;
let server: TestApp;
let withoutAi: TestApp;
let owner: HttpClient;
let ownerId: string;
let stranger: HttpClient;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: fakeOpenAiEngines(fake) });
  withoutAi = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  ({ owner, ownerId, stranger } = await ownerAndStranger(server.url));
});
afterEach(() => fake.reset());
afterAll(async () => {
  await server?.close();
  await withoutAi?.close();
  await fake?.close();
});

const photo = (app: TestApp, userId: string, caption: string, takenOn: string | null) => seeder(app.database.db, app.store).photo(userId, { caption, takenOn });

const photoQuestionChats = () => fake.requestsTo('chat').filter((r) => r.json.response_format?.json_schema?.name === 'photo_question');
const writerAsks = (question: string) => fake.setChatReply((request: ChatRequestInfo) => (request.schemaName === 'photo_question' ? { question } : {}));
const ask = (client: HttpClient, photoId: number, language: 'en' | 'fi') => client.post('/api/conversation/photo-question', { photoId, language });

describe('POST /api/conversation/photo-question', () => {
  it('asks the writer, telling it the caption and the day taken, and keeps a question that names only those', async () => {
    const koli = await photo(server, ownerId, 'Mökki at Koli with Aino', '1965-07-12');
    writerAsks('What do you remember of that summer at Koli with Aino?');
    const response = await ask(owner, koli.id, 'en');
    expect(response.status).toBe(200);
    expect(photoQuestionResponseSchema.parse(await response.json())).toEqual({ question: 'What do you remember of that summer at Koli with Aino?', source: 'writer' });
    const [chat] = photoQuestionChats();
    const sent = JSON.stringify(chat.json.messages);
    expect(sent).toContain('Mökki at Koli with Aino');
    expect(sent).toContain('1965-07-12');
    expect(sent).toContain('You cannot see the photo');

    // In Finnish, the writer is asked in Finnish.
    writerAsks('Mitä muistat kuvan kesästä?');
    expect(await (await ask(owner, koli.id, 'fi')).json()).toEqual({ question: 'Mitä muistat kuvan kesästä?', source: 'writer' });
    expect(JSON.stringify(photoQuestionChats()[1].json.messages)).toContain('Et näe kuvaa');
  });

  it('a question naming a person or a year the caption does not is replaced by Saaga\'s own, with the caption and the day', async () => {
    const koli = await photo(server, ownerId, 'Mökki at Koli', '1965-07-12');
    writerAsks('What did Pekka do at Koli in 1972?');
    expect(await (await ask(owner, koli.id, 'en')).json()).toEqual({
      question: 'Tell me about this picture, “Mökki at Koli”, taken on 12 July 1965. What do you remember of that moment?',
      source: 'fallback',
    });
    expect(await (await ask(owner, koli.id, 'fi')).json()).toEqual({
      question: 'Kerro tästä kuvasta, ”Mökki at Koli”, otettu 12.7.1965. Mitä muistat siitä hetkestä?',
      source: 'fallback',
    });
  });

  it('without the AI, Saaga asks its own question in the person\'s language', async () => {
    const { client, id } = await signedUpClient(withoutAi.url, 'plain@example.com');
    const plain = await photo(withoutAi, id, '', null);
    const response = await ask(client, plain.id, 'en');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ question: 'Tell me about this picture. What do you remember of that moment?', source: 'fallback' });
    expect(await (await ask(client, plain.id, 'fi')).json()).toEqual({ question: 'Kerro tästä kuvasta. Mitä muistat siitä hetkestä?', source: 'fallback' });
  });

  it('another user\'s photo is a 404, and the writer is not asked', async () => {
    const mine = await photo(server, ownerId, 'Mökki', null);
    const response = await ask(stranger, mine.id, 'en');
    expect(response.status).toBe(404);
    expect(photoQuestionChats()).toEqual([]);
    expect((await new HttpClient(server.url).post('/api/conversation/photo-question', { photoId: mine.id, language: 'en' })).status).toBe(401);
  });
});
