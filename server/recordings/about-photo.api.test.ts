import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { HttpClient, ownerAndStranger, uploadForm } from '../../test/support/http-client.ts';
import { jpegPhoto, uploadPhotos } from '../../test/support/photo-files.ts';
import { seeder } from '../../test/support/seed.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { photos, recordings, stories } from '../db/schema.ts';

// "Tell me about this picture": a recording uploaded with aboutPhotoId (issue 27).
let server: TestApp;
let owner: HttpClient;
let ownerId: string;
let stranger: HttpClient;
let strangerId: string;
let clips: { dir: string; remove: () => Promise<void> };
let webm: Buffer;

beforeAll(async () => {
  clips = await clipDir();
  webm = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  ({ owner, ownerId, stranger, strangerId } = await ownerAndStranger(server.url));
});
afterAll(async () => {
  await server?.close();
  await clips?.remove();
});

const db = () => server.database.db;
const seed = () => seeder(db());

/** A photo's row as the upload stores it (the copies are not read here). */
const photo = (userId: string, home: Partial<typeof photos.$inferInsert> = {}) =>
  seeder(db(), server.store).photo(userId, { caption: 'Mökki at Koli', takenOn: '1965-07-12', ...home });

const upload = (client: HttpClient, fields: Record<string, string>, path = '/api/recordings') =>
  uploadForm(client, path, { appLanguage: 'en', duration: '11', ...fields }, { bytes: webm, filename: 'take.webm' });

const photoRow = async (id: number) => (await db().select().from(photos).where(eq(photos.id, id)))[0];
const storyRow = async (id: number) => (await db().select().from(stories).where(eq(stories.id, id)))[0];
const recordingRow = async (id: number) => (await db().select().from(recordings).where(eq(recordings.id, id)))[0];

describe('a recording told about a photo', () => {
  it('a loose photo: the recording is linked to it, the new story takes it as cover, and the story becomes its home', async () => {
    // Uploaded as home's "Tell me about a picture" does: a photo of no home yet.
    const added = await uploadPhotos(owner, '/api/photos', [{ bytes: await jpegPhoto() }]);
    expect(added.status).toBe(201);
    const { photos: [loose] } = await added.json();
    expect(loose).toMatchObject({ storyId: null, recordingId: null, personId: null, placeId: null });
    const response = await upload(owner, { contextType: 'new_story', aboutPhotoId: String(loose.id) });
    expect(response.status).toBe(201);
    const { recording, story } = await response.json();
    expect((await recordingRow(recording.id)).aboutPhotoId).toBe(loose.id);
    expect((await storyRow(story.id)).coverPhotoId).toBe(loose.id);
    expect(await photoRow(loose.id)).toMatchObject({ storyId: story.id, position: 0 });
    // The story's photos list it now.
    const listed = await (await owner.get(`/api/stories/${story.id}/photos`)).json();
    expect(listed.photos.map((p: { id: number }) => p.id)).toEqual([loose.id]);
    // And the story shows it as its cover.
    expect((await (await owner.get(`/api/stories/${story.id}`)).json()).coverThumbUrl).toBe(`/api/photos/${loose.id}?size=thumb`);
  });

  it('a photo of a story, recorded into that story: its cover, unless the person already chose another', async () => {
    const story = await seed().story(ownerId);
    const first = await photo(ownerId, { storyId: story.id, position: 0 });
    const second = await photo(ownerId, { storyId: story.id, position: 1 });
    const response = await upload(owner, { contextType: 'story', contextId: String(story.id), aboutPhotoId: String(second.id) }, `/api/stories/${story.id}/recordings`);
    expect(response.status).toBe(201);
    expect((await storyRow(story.id)).coverPhotoId).toBe(second.id);
    // The photo keeps its home and its place.
    expect(await photoRow(second.id)).toMatchObject({ storyId: story.id, position: 1 });

    // Now the person chose a cover: another recording about the other photo leaves it.
    await db().update(stories).set({ coverPhotoId: second.id }).where(eq(stories.id, story.id));
    const again = await upload(owner, { aboutPhotoId: String(first.id) }, `/api/stories/${story.id}/recordings`);
    expect(again.status).toBe(201);
    expect((await recordingRow((await again.json()).recording.id)).aboutPhotoId).toBe(first.id);
    expect((await storyRow(story.id)).coverPhotoId).toBe(second.id);
  });

  it('a photo of a person, told into a new story: the story takes it as cover, the photo stays with the person', async () => {
    const person = await seed().person(ownerId, 'Aino');
    const portrait = await photo(ownerId, { personId: person.id });
    const response = await upload(owner, { contextType: 'new_story', aboutPhotoId: String(portrait.id) });
    expect(response.status).toBe(201);
    const { story } = await response.json();
    expect((await storyRow(story.id)).coverPhotoId).toBe(portrait.id);
    expect(await photoRow(portrait.id)).toMatchObject({ personId: person.id, storyId: null });
  });

  it('kept without a story, the recording brings its photo to the story it joins later', async () => {
    const loose = await photo(ownerId);
    const response = await upload(owner, { contextType: 'unassigned', aboutPhotoId: String(loose.id) });
    expect(response.status).toBe(201);
    const { recording, story: none } = await response.json();
    expect(none).toBeNull();
    expect((await recordingRow(recording.id)).aboutPhotoId).toBe(loose.id);
    expect(await photoRow(loose.id)).toMatchObject({ storyId: null });

    const story = await seed().story(ownerId);
    await photo(ownerId, { storyId: story.id, position: 0 });
    const moved = await owner.request('PATCH', `/api/recordings/${recording.id}/story`, { storyId: story.id });
    expect(moved.status).toBe(200);
    expect((await storyRow(story.id)).coverPhotoId).toBe(loose.id);
    // After the story's own photo.
    expect(await photoRow(loose.id)).toMatchObject({ storyId: story.id, position: 1 });
  });

  it('another user\'s photo is a 404 like a missing one, and nothing is stored', async () => {
    const theirs = await photo(strangerId);
    const storiesBefore = (await db().select().from(stories).where(eq(stories.userId, ownerId))).length;
    const recordingsBefore = (await db().select().from(recordings).where(eq(recordings.userId, ownerId))).length;
    for (const id of [theirs.id, 987_654]) {
      const response = await upload(owner, { contextType: 'new_story', aboutPhotoId: String(id) });
      expect(response.status).toBe(404);
      expect((await response.json()).code).toBe('not_found');
    }
    expect((await db().select().from(stories).where(eq(stories.userId, ownerId))).length).toBe(storiesBefore);
    expect((await db().select().from(recordings).where(eq(recordings.userId, ownerId))).length).toBe(recordingsBefore);
    expect(await photoRow(theirs.id)).toMatchObject({ storyId: null });
    // The stranger's own upload about it works.
    expect((await upload(stranger, { contextType: 'new_story', aboutPhotoId: String(theirs.id) })).status).toBe(201);
  });

  it('an id that is not one is refused as a field', async () => {
    const response = await upload(owner, { contextType: 'new_story', aboutPhotoId: 'abc' });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('validation');
  });

  it('a relative\'s contribution through a co-author link tells about no photo: the owner\'s story and photos are not theirs to change', async () => {
    const story = await seed().story(ownerId);
    const ofStory = await photo(ownerId, { storyId: story.id });
    const link = await owner.post(`/api/stories/${story.id}/co-author-token`);
    expect(link.status).toBe(201);
    const { token } = await link.json();
    const response = await uploadForm(new HttpClient(server.url), `/api/co-author/${token}/recordings`, { contributorName: 'Pekka', aboutPhotoId: String(ofStory.id) }, { bytes: webm, filename: 'take.webm' });
    // Like the owner's other choices, the field is not theirs: the contribution is kept without it.
    expect(response.status).toBe(201);
    const { recording } = await response.json();
    expect((await recordingRow(recording.id)).aboutPhotoId).toBeNull();
    expect((await storyRow(story.id)).coverPhotoId).toBeNull();
  });
});
