import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { publishedStatusSchema } from '../../contract/publishing.ts';
import { localTestEngines } from '../../test/support/engines.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { MAX_SPEECH_CHARS, splitForSpeech } from '../ai/speech-pieces.ts';
import { normaliseAudio } from '../audio/normalise.ts';
import { publishedStories } from '../db/schema.ts';
import { narrationText } from './narrate-story-job.ts';

// Narration with the local narrator (espeak-ng, no model to download): real speech that
// ffmpeg decodes, as long as its words take to say, served to anyone with byte ranges.
const SETTLED = 90_000;

let server: TestApp;
let owner: HttpClient;
let ownerId: string;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '1000' }, { engines: localTestEngines() });
  ({ client: owner, id: ownerId } = await signedUpClient(server.url, 'narrated@example.com'));
});
afterEach(() => expect(server.backgroundErrors).toEqual([]));
afterAll(() => server?.close());

const seed = () => seeder(server.database.db, server.store);
const reader = () => new HttpClient(server.url);

async function publishNarrated(storyId: number, speed = 1) {
  const response = await owner.post(`/api/stories/${storyId}/publish`, { generateAudio: true, ttsOptions: { voice: 'alloy', speed } });
  expect(response.status, await response.clone().text()).toBe(200);
  return waitFor(
    async () => publishedStatusSchema.parse(await (await owner.get(`/api/stories/${storyId}/published-status`)).json()),
    (s) => ['ready', 'failed'].includes(s.publishedStory?.narration ?? ''),
    SETTLED,
  );
}

async function publicAudio(slug: string): Promise<Buffer> {
  const story = await (await reader().get(`/api/published/${slug}`)).json();
  expect(story.audioUrl).toBe(`/api/published/${slug}/audio`);
  const response = await reader().get(story.audioUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('audio/mpeg');
  return Buffer.from(await response.arrayBuffer());
}

it('speaks a Finnish story in its language: an MP3 as long as its words take', async () => {
  const story = await seed().story(ownerId, {
    title: 'Mökkikesä',
    content: 'Soudimme järven yli joka aamu ennen aamiaista. Isä lauloi vanhoja lauluja koko matkan.',
    language: 'fi',
  });
  const status = await publishNarrated(story.id);
  expect(status.publishedStory).toMatchObject({ narration: 'ready', narrationError: null });

  const audio = await publicAudio('mokkikesa');
  // Fifteen words at espeak-ng's 175 words a minute: about five seconds, not a blip and not a minute.
  const { durationSeconds } = await normaliseAudio(audio);
  expect(durationSeconds).toBeGreaterThan(3);
  expect(durationSeconds).toBeLessThan(20);
});

it('speaks a long story in pieces and joins them into one recording', async () => {
  const sentence = 'We rowed across the lake every morning, and father sang the old songs all the way there. ';
  const content = sentence.repeat(Math.ceil((MAX_SPEECH_CHARS * 1.2) / sentence.length));
  const story = await seed().story(ownerId, { title: 'The long summer', content });
  expect(splitForSpeech(narrationText({ title: story.title, content })).length).toBe(2);

  // Twice the speed keeps the test short; the words still take minutes to say.
  const status = await publishNarrated(story.id, 2);
  expect(status.publishedStory?.narration).toBe('ready');
  const words = content.split(/\s+/).filter(Boolean).length;
  const { durationSeconds } = await normaliseAudio(await publicAudio('the-long-summer'));
  const expected = (words / (175 * 2)) * 60;
  expect(durationSeconds).toBeGreaterThan(expected * 0.6);
  expect(durationSeconds).toBeLessThan(expected * 1.6);
}, 120_000);

it('serves the narration in byte ranges, and not again while the client holds it', async () => {
  const story = await seed().story(ownerId, { title: 'Ranges', content: 'A short story to seek in.' });
  await publishNarrated(story.id);
  const whole = await publicAudio('ranges');

  const part = await reader().get('/api/published/ranges/audio', { range: 'bytes=100-199' });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 100-199/${whole.length}`);
  expect(part.headers.get('accept-ranges')).toBe('bytes');
  expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(100, 200));
  expect((await reader().get('/api/published/ranges/audio', { range: `bytes=${whole.length + 10}-` })).status).toBe(416);

  const first = await reader().get('/api/published/ranges/audio');
  expect(first.headers.get('cache-control')).toBe('public, max-age=60, must-revalidate');
  const etag = first.headers.get('etag')!;
  expect((await reader().get('/api/published/ranges/audio', { 'if-none-match': etag })).status).toBe(304);

  // The page names it for link previews.
  const page = await (await reader().get('/published/ranges')).text();
  expect(page).toContain(`<meta property="og:audio" content="${server.url}/api/published/ranges/audio" />`);

  // Unpublished, it is gone for everyone, and so is its file.
  const [copy] = await server.database.db.select().from(publishedStories).where(eq(publishedStories.storyId, story.id));
  expect((await owner.request('DELETE', `/api/published-stories/${copy!.id}`)).status).toBe(204);
  expect((await reader().get('/api/published/ranges/audio')).status).toBe(404);
  expect(await server.store.size(copy!.audioKey!)).toBeNull();
});
