import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sampleFromSchema, startFakeOpenAi, type FakeOpenAi } from '../../../test/fakes/openai-server.ts';

/** The fake OpenAI server must refuse what the real API refuses, or the adapter tests prove nothing. */
let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function post(path: string, body: unknown, key = fake.apiKey) {
  return fetch(`${fake.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

function transcription(fields: Record<string, string | string[]>, file?: { name: string; bytes: Uint8Array<ArrayBuffer>; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) form.append(k, value);
  if (file) form.set('file', new Blob([file.bytes], { type: file.type }), file.name);
  return fetch(`${fake.baseUrl}/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${fake.apiKey}` }, body: form });
}

const mp3 = { name: 'a.mp3', bytes: new Uint8Array([0xff, 0xfb, 0x90, 0x00]), type: 'audio/mpeg' };
const strictSchema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false };
const messages = [{ role: 'user', content: 'hi' }];

describe('fake OpenAI server', () => {
  it('refuses a wrong key with 401 invalid_api_key', async () => {
    const response = await post('/chat/completions', { model: 'gpt-4o', messages }, 'sk-wrong');
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('invalid_api_key');
  });

  it('checks transcription model, file, language and format', async () => {
    expect((await transcription({ model: 'gpt-4o-transcribe' }, mp3)).status).toBe(200);
    expect((await transcription({ model: 'gpt-3' }, mp3)).status).toBe(400);
    expect((await transcription({ model: 'whisper-1' })).status).toBe(400);
    expect((await transcription({ model: 'whisper-1' }, { ...mp3, name: 'a.txt', type: 'text/plain' })).status).toBe(400);
    expect((await transcription({ model: 'whisper-1', language: 'sv' }, mp3)).status).toBe(200);
    expect((await transcription({ model: 'whisper-1', language: 'xx' }, mp3)).status).toBe(400);
    expect((await transcription({ model: 'gpt-4o-transcribe', response_format: 'verbose_json' }, mp3)).status).toBe(400);
    expect((await transcription({ model: 'whisper-1', response_format: 'verbose_json' }, mp3)).status).toBe(200);
  });

  it('times words only in verbose_json, as documented: words without punctuation, segments unless only words were asked for', async () => {
    fake.setTranscript({ text: 'Ask not, my friends.', segments: [{ start: 1, end: 3, text: 'Ask not, my friends.' }] });
    const asked = (granularities: string[], format = 'verbose_json', model = 'whisper-1') =>
      transcription({ model, response_format: format, 'timestamp_granularities[]': granularities }, mp3);
    const both = await asked(['word', 'segment']);
    expect(both.status).toBe(200);
    const body = await both.json();
    expect(body.words.map((w: { word: string }) => w.word)).toEqual(['Ask', 'not', 'my', 'friends']);
    expect(body.words[0]).toMatchObject({ start: 1 });
    expect(body.words.at(-1)).toMatchObject({ end: 3 });
    expect(body.segments).toHaveLength(1);
    expect(fake.requests.at(-1)!.fieldValues!['timestamp_granularities[]']).toEqual(['word', 'segment']);

    const wordsOnly = await (await asked(['word'])).json();
    expect(wordsOnly.segments).toBeUndefined();
    expect(wordsOnly.words).toHaveLength(4);
    expect((await (await asked([])).json()).words).toBeUndefined();

    expect((await asked(['word'], 'json')).status).toBe(400);
    expect((await asked(['word'], 'json', 'gpt-4o-transcribe')).status).toBe(400);
    expect((await asked(['letter'])).status).toBe(400);
    expect(fake.refused.map((r) => r.status)).toEqual([400, 400, 400]);
  });

  it('refuses a file over its size limit with 413', async () => {
    const small = await startFakeOpenAi({ maxFileBytes: 1000 });
    const form = new FormData();
    form.set('model', 'whisper-1');
    form.set('file', new Blob([new Uint8Array(5000)], { type: 'audio/wav' }), 'a.wav');
    const response = await fetch(`${small.baseUrl}/audio/transcriptions`, { method: 'POST', headers: { authorization: `Bearer ${small.apiKey}` }, body: form });
    expect(response.status).toBe(413);
    await small.close();
  });

  it('checks chat requests as the real API does', async () => {
    expect((await post('/chat/completions', { messages })).status).toBe(400);
    expect((await post('/chat/completions', { model: 'gpt-4o', messages: [] })).status).toBe(400);
    expect((await post('/chat/completions', { model: 'gpt-5', messages, temperature: 0.7 })).status).toBe(400);
    expect((await post('/chat/completions', { model: 'gpt-4o', messages, temperature: 0.7 })).status).toBe(200);
    const loose = { type: 'object', properties: { a: { type: 'string' } } };
    const refused = await post('/chat/completions', { model: 'gpt-5', messages, response_format: { type: 'json_schema', json_schema: { name: 'x', schema: loose, strict: true } } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toContain('additionalProperties');
  });

  it('answers a schema with a sample that fits it, or with the reply a test set', async () => {
    const format = { type: 'json_schema', json_schema: { name: 'x', schema: strictSchema, strict: true } };
    const first = await (await post('/chat/completions', { model: 'gpt-5', messages, response_format: format })).json();
    expect(JSON.parse(first.choices[0].message.content)).toEqual({ a: 'Sample a' });
    fake.setChatReply((request) => ({ a: `for ${request.schemaName}` }));
    const second = await (await post('/chat/completions', { model: 'gpt-5', messages, response_format: format })).json();
    expect(JSON.parse(second.choices[0].message.content)).toEqual({ a: 'for x' });
    expect(sampleFromSchema({ type: 'object', properties: { t: { enum: ['b', 'c'] }, n: { type: ['string', 'null'] } } })).toEqual({ t: 'b', n: 'Sample n' });
  });

  it('checks speech requests and returns real audio', async () => {
    expect((await post('/audio/speech', { model: 'tts-1', voice: 'nobody', input: 'hi' })).status).toBe(400);
    expect((await post('/audio/speech', { model: 'tts-1', voice: 'alloy', input: '' })).status).toBe(400);
    const ok = await post('/audio/speech', { model: 'tts-1', voice: 'alloy', input: 'hi', response_format: 'wav' });
    expect(ok.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await ok.arrayBuffer()).toString('ascii', 0, 4)).toBe('RIFF');
  });

  it('fails loudly on a path it does not serve, and records it', async () => {
    const response = await post('/embeddings', { model: 'x', input: 'y' });
    expect(response.status).toBe(500);
    expect(() => fake.reset()).toThrow(/unexpected requests nobody checked/);
    expect(fake.takeErrors()).toEqual(['unexpected request: POST /v1/embeddings']);
    expect(fake.errors).toEqual([]);
  });

  it('lists refusals apart from unexpected requests, marking those a test asked for', async () => {
    fake.fail('chat', 429, 'insufficient_quota');
    expect((await post('/chat/completions', { model: 'gpt-4o', messages })).status).toBe(429);
    expect((await post('/chat/completions', { model: 'gpt-4o', messages: [] })).status).toBe(400);
    expect((await post('/chat/completions', { model: 'gpt-4o', messages })).status).toBe(200);
    expect(fake.refused).toEqual([
      { endpoint: 'chat', status: 429, code: 'insufficient_quota', asked: true },
      { endpoint: 'chat', status: 400, code: 'empty_array', asked: false },
    ]);
    expect(fake.errors).toEqual([]);
  });

  it('holds the requests a test picks until it releases them', async () => {
    const held = fake.hold('transcriptions', (r) => r.fields?.language === 'fi');
    const finnish = transcription({ model: 'whisper-1', language: 'fi' }, mp3);
    expect((await transcription({ model: 'whisper-1', language: 'en' }, mp3)).status).toBe(200);
    await expect.poll(() => held.waiting, { timeout: 5000 }).toBe(1);
    expect(fake.requestsTo('transcriptions').map((r) => r.status)).toEqual([0, 200]);
    held.release();
    expect((await finnish).status).toBe(200);
    expect(held.waiting).toBe(0);
  });

  it('fails as many times as asked, then recovers', async () => {
    fake.fail('chat', 500, undefined, { times: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post('/chat/completions', { model: 'gpt-4o', messages })).status);
    expect(statuses).toEqual([500, 500, 200]);
  });
});
