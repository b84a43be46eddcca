import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_PROMPTS_SHOWN, photoPromptsSchema } from '../../contract/photo-prompts.ts';
import { HttpClient, ownerAndStranger, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { photos } from '../db/schema.ts';

// The interviewer's photo prompts: the photos that have no story yet (issue 27).
let server: TestApp;
let owner: HttpClient;
let ownerId: string;
let strangerId: string;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  ({ owner, ownerId, strangerId } = await ownerAndStranger(server.url));
});
afterAll(async () => {
  await server?.close();
});

const seed = () => seeder(server.database.db);

const photo = (userId: string, caption: string, home: Partial<typeof photos.$inferInsert> = {}) => seed().photo(userId, { caption, ...home });

const prompts = async (client: HttpClient) => {
  const response = await client.get('/api/interviewer/photo-prompts');
  expect(response.status).toBe(200);
  return photoPromptsSchema.parse(await response.json()).photos;
};

describe('GET /api/interviewer/photo-prompts', () => {
  it('offers the photos without a story, newest first, with their thumbnails, and no others', async () => {
    const story = await seed().story(ownerId);
    const inStory = await seed().recording(ownerId, { storyId: story.id });
    const loose = await seed().recording(ownerId);
    const person = await seed().person(ownerId, 'Aino');
    const place = await seed().place(ownerId, 'Koli');

    await photo(ownerId, 'a story\'s photo', { storyId: story.id });
    await photo(ownerId, 'a photo of a recording in a story', { recordingId: inStory.id });
    const told = await photo(ownerId, 'told about already');
    await seed().recording(ownerId, { aboutPhotoId: told.id });
    await photo(strangerId, 'someone else\'s');
    const uploaded = await photo(ownerId, 'uploaded loose');
    const ofPerson = await photo(ownerId, 'Aino\'s portrait', { personId: person.id });
    const ofPlace = await photo(ownerId, 'the hill', { placeId: place.id });
    const ofLooseRecording = await photo(ownerId, 'with a recording kept aside', { recordingId: loose.id });

    const offered = await prompts(owner);
    expect(offered.map((p) => p.caption)).toEqual(['with a recording kept aside', 'the hill', 'Aino\'s portrait', 'uploaded loose']);
    expect(offered.map((p) => p.id)).toEqual([ofLooseRecording.id, ofPlace.id, ofPerson.id, uploaded.id]);
    expect(offered[3].thumbUrl).toBe(`/api/photos/${uploaded.id}?size=thumb`);

    // Once told about, a photo is no longer offered.
    await seed().recording(ownerId, { aboutPhotoId: uploaded.id });
    expect((await prompts(owner)).map((p) => p.id)).not.toContain(uploaded.id);
  });

  it(`offers at most ${PHOTO_PROMPTS_SHOWN}`, async () => {
    const { client, id } = await signedUpClient(server.url, 'many@example.com');
    for (let i = 0; i < PHOTO_PROMPTS_SHOWN + 2; i++) await photo(id, `photo ${i}`);
    const offered = await prompts(client);
    expect(offered.map((p) => p.caption)).toEqual(Array.from({ length: PHOTO_PROMPTS_SHOWN }, (_, i) => `photo ${PHOTO_PROMPTS_SHOWN + 1 - i}`));
  });

  it('asks for a session first', async () => {
    expect((await new HttpClient(server.url).get('/api/interviewer/photo-prompts')).status).toBe(401);
  });

  it('GET /api/interviewer/photo-prompts/:id: one photo as the recorder shows it; another user\'s is a 404', async () => {
    const mine = await photo(ownerId, 'Mökki at Koli');
    const response = await owner.get(`/api/interviewer/photo-prompts/${mine.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: mine.id, caption: 'Mökki at Koli', takenOn: null, storyId: null, thumbUrl: `/api/photos/${mine.id}?size=thumb` });
    // A story's photo names its story: the recorder offers to add to it.
    const story = await seed().story(ownerId);
    const ofStory = await photo(ownerId, 'at the lake', { storyId: story.id });
    expect(await (await owner.get(`/api/interviewer/photo-prompts/${ofStory.id}`)).json()).toMatchObject({ id: ofStory.id, storyId: story.id });
    const theirs = await photo(strangerId, 'theirs');
    expect((await owner.get(`/api/interviewer/photo-prompts/${theirs.id}`)).status).toBe(404);
  });
});
