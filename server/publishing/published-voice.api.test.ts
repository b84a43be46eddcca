import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicStorySchema, publishResultSchema } from '../../contract/publishing.ts';
import { storyVoiceViewSchema, type ParagraphSources } from '../../contract/voice.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { publishedStories, recordings, stories } from '../db/schema.ts';

// "Let readers hear it in my voice" (issue 29): off unless chosen; chosen, the page gets the
// paragraphs' spans as published and plays only those recordings, while they are the story's.

let server: TestApp;
let owner: HttpClient;
let ownerId: string;
beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '100000' });
  ({ client: owner, id: ownerId } = await signedUpClient(server.url, 'voice-page@example.com'));
});
afterAll(() => server?.close());

const seed = () => seeder(server.database.db, server.store);
const reader = () => new HttpClient(server.url);
const db = () => server.database.db;

/** A story of three paragraphs told in two recordings, its spans marked, and another story's recording of the same owner. */
async function toldStory(slug: string) {
  const story = await seed().story(ownerId, { title: slug, content: 'Morning on the lake.\n\nThe old boat.\n\nBreakfast after.' });
  const first = await seed().recording(ownerId, { storyId: story.id });
  const second = await seed().recording(ownerId, { storyId: story.id });
  const elsewhere = await seed().recording(ownerId, { storyId: (await seed().story(ownerId, { title: 'Other' })).id });
  const sources: ParagraphSources = [
    [{ recordingId: first.id, start: 0.5, end: 3.2 }],
    [],
    [
      { recordingId: second.id, start: 1, end: 2 },
      // A span naming a recording the story does not have is never published.
      { recordingId: elsewhere.id, start: 0, end: 1 },
    ],
  ];
  await db().update(stories).set({ paragraphSources: sources }).where(eq(stories.id, story.id));
  return { story, first, second, elsewhere };
}

async function publish(storyId: number, slug: string, hearVoice?: boolean) {
  const response = await owner.post(`/api/stories/${storyId}/publish`, { customSlug: slug, generateAudio: false, ...(hearVoice === undefined ? {} : { hearVoice }) });
  expect(response.status, await response.clone().text()).toBe(200);
  return publishResultSchema.parse(await response.json()).publishedStory;
}

const publicStory = async (slug: string) => publicStorySchema.parse(await (await reader().get(`/api/published/${slug}`)).json());

describe('publishing with the teller’s voice', () => {
  it('is off unless chosen: no voice, no recording for anyone', async () => {
    const { story, first } = await toldStory('quiet-lake');
    const summary = await publish(story.id, 'quiet-lake');
    expect(summary.hearVoice).toBe(false);
    expect((await publicStory('quiet-lake')).hearVoice).toBe(false);
    expect((await reader().get('/api/published/quiet-lake/voice')).status).toBe(404);
    expect((await reader().get(`/api/published/quiet-lake/voice/${first.id}/audio`)).status).toBe(404);
    const [copy] = await db().select().from(publishedStories).where(eq(publishedStories.storyId, story.id));
    expect(copy.voiceSources).toBeNull();
  });

  it('chosen, gives the spans as published and plays only their recordings, with byte ranges', async () => {
    const { story, first, second, elsewhere } = await toldStory('voiced-lake');
    const summary = await publish(story.id, 'voiced-lake', true);
    expect(summary.hearVoice).toBe(true);
    expect((await publicStory('voiced-lake')).hearVoice).toBe(true);

    const voice = storyVoiceViewSchema.parse(await (await reader().get('/api/published/voiced-lake/voice')).json());
    expect(voice).toEqual({
      paragraphs: [[{ recordingId: first.id, start: 0.5, end: 3.2 }], [], [{ recordingId: second.id, start: 1, end: 2 }]],
      recordings: [
        { id: first.id, duration: 12.5, audioUrl: `/api/published/voiced-lake/voice/${first.id}/audio` },
        { id: second.id, duration: 12.5, audioUrl: `/api/published/voiced-lake/voice/${second.id}/audio` },
      ],
    });

    const whole = await reader().get(voice.recordings[0].audioUrl);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/webm');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('cache-control')).toBe('private, no-cache');
    expect(await whole.text()).toBe('not really audio, only bytes to serve');
    const part = await reader().get(voice.recordings[1].audioUrl, { range: 'bytes=4-9' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 4-9/37');
    expect(await part.text()).toBe('really');

    // Another recording of the owner's, a made-up id, a word: nothing.
    for (const id of [String(elsewhere.id), '999999', 'abc']) {
      expect((await reader().get(`/api/published/voiced-lake/voice/${id}/audio`)).status, id).toBe(404);
    }
  });

  it('keeps the spans as published: a later marking waits for the next publish', async () => {
    const { story, first, second } = await toldStory('kept-lake');
    await publish(story.id, 'kept-lake', true);
    await db()
      .update(stories)
      .set({ paragraphSources: [[{ recordingId: second.id, start: 5, end: 6 }]] })
      .where(eq(stories.id, story.id));
    const voice = storyVoiceViewSchema.parse(await (await reader().get('/api/published/kept-lake/voice')).json());
    expect(voice.paragraphs[0]).toEqual([{ recordingId: first.id, start: 0.5, end: 3.2 }]);
  });

  it('stops playing a recording moved to another story or deleted', async () => {
    const { story, first, second, elsewhere } = await toldStory('moved-lake');
    await publish(story.id, 'moved-lake', true);
    await db().update(recordings).set({ storyId: elsewhere.storyId }).where(eq(recordings.id, first.id));
    await db().delete(recordings).where(eq(recordings.id, second.id));
    const voice = storyVoiceViewSchema.parse(await (await reader().get('/api/published/moved-lake/voice')).json());
    expect(voice).toEqual({ paragraphs: [[], [], []], recordings: [] });
    expect((await reader().get(`/api/published/moved-lake/voice/${first.id}/audio`)).status).toBe(404);
    expect((await reader().get(`/api/published/moved-lake/voice/${second.id}/audio`)).status).toBe(404);
    expect((await publicStory('moved-lake')).hearVoice).toBe(true);
  });

  it('ends with unpublishing, and with republishing without it', async () => {
    const { story, first } = await toldStory('gone-lake');
    const summary = await publish(story.id, 'gone-lake', true);
    const audio = `/api/published/gone-lake/voice/${first.id}/audio`;
    expect((await reader().get(audio)).status).toBe(200);

    await publish(story.id, 'gone-lake', false);
    expect((await reader().get('/api/published/gone-lake/voice')).status).toBe(404);
    expect((await reader().get(audio)).status).toBe(404);

    await publish(story.id, 'gone-lake', true);
    expect((await reader().get(audio)).status).toBe(200);
    expect((await owner.request('DELETE', `/api/published-stories/${summary.id}`)).status).toBe(204);
    expect((await reader().get('/api/published/gone-lake/voice')).status).toBe(404);
    expect((await reader().get(audio)).status).toBe(404);
  });
});

describe('with a low rate limit', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ PUBLIC_RATE_LIMIT: '3' });
  });
  afterAll(() => bare?.close());

  it('answers one address only so often a minute on the voice routes too', async () => {
    const client = new HttpClient(bare.url);
    for (const path of ['/api/published/nobody-here/voice', '/api/published/nobody-here/voice/1/audio']) {
      const answers: number[] = [];
      for (let i = 0; i < 4; i++) answers.push((await client.get(path)).status);
      expect(answers, path).toEqual([404, 404, 404, 429]);
    }
  });
});
