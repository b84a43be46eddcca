import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../test/fakes/openai-server.ts';
import { normaliseAudio } from '../audio/normalise.ts';
import { AiError } from './errors.ts';
import { LocalNarrator } from './local/narrator.ts';
import { OpenAiNarrator } from './openai/narrator.ts';
import { MAX_SPEECH_CHARS, splitForSpeech } from './speech-pieces.ts';
import type { Narrator } from './ports.ts';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const openai = (extra: { apiKey?: string } = {}) =>
  new OpenAiNarrator({ apiKey: fake.apiKey, baseUrl: fake.baseUrl, timeoutMs: 2000, ...extra });

const adapters: [string, () => Narrator][] = [
  ['openai', () => openai()],
  ['local', () => new LocalNarrator()],
];

describe.each(adapters)('Narrator contract: %s', (_name, make) => {
  let narrator: Narrator;
  beforeAll(() => {
    narrator = make();
  });

  it.each(['en', 'fi'] as const)('speaks %s text as playable audio', async (language) => {
    const text = language === 'fi' ? 'Kasvoin maatilalla Tampereen lähellä.' : 'I grew up on a farm near Tampere.';
    const { audio, mimeType } = await narrator.narrate({ text, language, voice: 'alloy', speed: 1 });
    expect(mimeType).toMatch(/^audio\//);
    const decoded = await normaliseAudio(audio);
    expect(decoded.durationSeconds).toBeGreaterThan(0.5);
  });

  it('says it is ready', async () => {
    expect(await narrator.status()).toMatchObject({ name: 'narrator', ready: true });
  });
});

describe('OpenAI narrator', () => {
  it('sends the spec defaults: voice alloy, speed 1, MP3', async () => {
    await openai().narrate({ text: 'Hello.', language: 'en' });
    expect(fake.requestsTo('speech')[0]!.json).toEqual({ model: 'gpt-4o-mini-tts', voice: 'alloy', input: 'Hello.', speed: 1, response_format: 'mp3' });
  });

  it('speaks a long story in pieces under the input limit', async () => {
    const text = 'We swam in the lake every summer, and Anna always won. '.repeat(200);
    const { audio } = await openai().narrate({ text, language: 'en', speed: 1.25, voice: 'nova' });
    const sent = fake.requestsTo('speech');
    expect(sent.length).toBeGreaterThan(1);
    for (const r of sent) expect(r.json.input.length).toBeLessThanOrEqual(MAX_SPEECH_CHARS);
    expect(sent.map((r) => r.json.input).join(' ')).toBe(text.trim());
    expect((await normaliseAudio(audio)).durationSeconds).toBeGreaterThan(sent.length * 0.9);
  });

  it.each([[401, 'authentication_failed'], [429, 'quota_exceeded']] as const)('maps a provider %s to %s', async (status, code) => {
    fake.fail('speech', status);
    const error = await openai().narrate({ text: 'Hi.', language: 'en' }).catch((e: unknown) => e);
    expect((error as AiError).code).toBe(code);
  });
});

describe('local narrator', () => {
  it('speaks faster at a higher speed', async () => {
    const narrator = new LocalNarrator();
    const text = 'Every summer we swam in the lake near the farm.';
    const slow = await normaliseAudio((await narrator.narrate({ text, language: 'en', speed: 0.75 })).audio);
    const quick = await normaliseAudio((await narrator.narrate({ text, language: 'en', speed: 1.5 })).audio);
    expect(quick.durationSeconds).toBeLessThan(slow.durationSeconds * 0.8);
  });

  it('reads text that starts with a dash as text', async () => {
    const { audio } = await new LocalNarrator().narrate({ text: '-v en -- not an option', language: 'en' });
    expect((await normaliseAudio(audio)).durationSeconds).toBeGreaterThan(0.5);
  });
});

describe('splitting text for speech', () => {
  it('cuts after sentences and keeps every word', () => {
    const text = 'One. Two two. Three three three.';
    expect(splitForSpeech(text, 15)).toEqual(['One. Two two.', 'Three three', 'three.']);
    expect(splitForSpeech('short', 100)).toEqual(['short']);
  });
});
