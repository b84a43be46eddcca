import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { type HttpClient, signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { settledStory } from '../../test/support/pipeline.ts';
import { CLIPS, clipTranscript } from '../../test/support/shared-files.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';

// A story told about a photo, through the real pipeline: the writer is told so (issue 27).
const SETTLED = 30_000;
const storyWriting = (request: { json?: any }) => request.json?.response_format?.json_schema?.name === 'story';

let fake: FakeOpenAi;
let server: TestApp;
let client: HttpClient;
let userId: string;
let clips: { dir: string; remove: () => Promise<void> };
let webm: Buffer;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  clips = await clipDir();
  webm = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: fakeOpenAiEngines(fake) });
  ({ client, id: userId } = await signedUpClient(server.url, 'teller@example.com'));
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

const photo = (caption: string, takenOn: string | null) => seeder(server.database.db, server.store).photo(userId, { caption, takenOn });

describe('a story told about a photo', () => {
  it.each([
    ['en', 'The speaker told this story looking at a photo.', '- caption: "Mökki at Koli with Aino", taken on 1965-07-12'],
    ['fi', 'Puhuja kertoi tämän tarinan kuvaa katsellen.', '- kuvateksti: "Mökki at Koli with Aino", otettu 1965-07-12'],
  ] as const)('%s: the writer hears the caption and the day, and the names of the caption are the person\'s words', async (language, told, line) => {
    fake.setTranscript(clipTranscript(CLIPS.jfk));
    fake.setChatReply({ title: 'At Koli', content: 'We spent the summer at the cottage.', people: ['Aino'], locations: ['Koli'], dates: [], storyType: 'other' });
    const koli = await photo('Mökki at Koli with Aino', '1965-07-12');
    const response = await uploadForm(client, '/api/recordings', { contextType: 'new_story', appLanguage: language, aboutPhotoId: String(koli.id) }, { bytes: webm, filename: 'take.webm' });
    expect(response.status).toBe(201);
    const { story } = await response.json();
    const written = await settledStory(client, story.id, SETTLED);
    expect(written.processingStatus).toBe('generated');

    const [writing] = fake.requestsTo('chat').filter(storyWriting);
    const user = writing.json.messages.find((m: { role: string }) => m.role === 'user').content as string;
    expect(user).toContain(told);
    expect(user).toContain(line);
    // Aino and Koli are not in the recording, but the person wrote them in the caption: kept.
    expect(written.metadata).toMatchObject({ people: ['Aino'], locations: ['Koli'] });
  });
});
