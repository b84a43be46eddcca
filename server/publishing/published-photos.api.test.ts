import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoListSchema, type PhotoView } from '../../contract/photos.ts';
import { publicStorySchema, publishedStatusSchema } from '../../contract/publishing.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { jpegPhoto, PHONE_EXIF } from '../../test/support/photo-files.ts';
import { secretsIn } from '../../test/support/photo-secrets.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { photos, publishedPhotos, stories, users } from '../db/schema.ts';

// The public page's photos (issue 27): chosen at publishing like the text, the cover first,
// served only as derived copies (no GPS, no camera serial), only those of that copy.

let server: TestApp;
let owner: HttpClient;
let ownerId: string;
let secretJpeg: Buffer;
beforeAll(async () => {
  secretJpeg = await jpegPhoto({ width: 1600, height: 1200, exif: PHONE_EXIF });
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '100000' });
  ({ client: owner, id: ownerId } = await signedUpClient(server.url, 'photos-page@example.com'));
});
afterAll(() => server?.close());

const seed = () => seeder(server.database.db, server.store);
const reader = () => new HttpClient(server.url);

/** The owner adds photos to a story (the owner's own upload route), each with this caption. */
async function addPhotos(storyId: number, caption: string, count = 1, bytes = secretJpeg): Promise<PhotoView[]> {
  const form = new FormData();
  form.append('caption', caption);
  for (let i = 0; i < count; i++) form.append('photo', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `IMG_${i}.jpg`);
  const response = await owner.request('POST', `/api/stories/${storyId}/photos`, form);
  expect(response.status, await response.clone().text()).toBe(201);
  return photoListSchema.parse(await response.json()).photos;
}

async function publish(storyId: number, customSlug?: string) {
  const response = await owner.post(`/api/stories/${storyId}/publish`, { generateAudio: false, ...(customSlug ? { customSlug } : {}) });
  expect(response.status, await response.clone().text()).toBe(200);
}

const publicStory = async (slug: string) => publicStorySchema.parse(await (await reader().get(`/api/published/${slug}`)).json());
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

/** The og:image and its size from the page's head. */
function ogImage(html: string) {
  const meta = (key: string) => new RegExp(`<meta property="${key}" content="([^"]*)" />`).exec(html)?.[1];
  return { url: meta('og:image'), width: meta('og:image:width'), height: meta('og:image:height') };
}

describe('a published story with photos', () => {
  it('serves every copy a reader gets without the GPS position or the camera serial; the owner keeps them in the original', async () => {
    const story = await seed().story(ownerId, { title: 'Mökillä', content: 'Kesällä soudimme järven yli.' });
    const [photo] = await addPhotos(story.id, 'Laituri 1965');
    expect(photo.hasLocation).toBe(true);
    await publish(story.id, 'mokilla');

    const published = await publicStory('mokilla');
    expect(published.photos).toEqual([
      {
        id: photo.id,
        caption: 'Laituri 1965',
        width: 1600,
        height: 1200,
        urls: { thumb: `/api/published/mokilla/photos/${photo.id}?size=thumb`, display: `/api/published/mokilla/photos/${photo.id}?size=display` },
      },
    ]);
    // Nothing of the owner's own: no date taken, no location flag, no original.
    expect(JSON.stringify(published)).not.toMatch(/original|takenOn|hasLocation|1965-07-14/);

    const html = await (await reader().get('/published/mokilla')).text();
    const image = ogImage(html);
    // Absolute, at the site's own address (the test server's: it listens on loopback), the display copy's size.
    expect(image).toEqual({ url: `${server.url}/api/published/mokilla/photos/${photo.id}?size=display`, width: '1600', height: '1200' });
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<figcaption class="text-sm text-stone-400">Laituri 1965</figcaption>');

    for (const url of [published.photos[0].urls.thumb, published.photos[0].urls.display, image.url!]) {
      const response = await reader().get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe('image/jpeg');
      expect(response.headers.get('cache-control'), url).toBe('public, max-age=60, must-revalidate');
      expect(await secretsIn(await bytesOf(response)), url).toEqual({ gps: false, serial: false, exif: false });
    }
    // The test can see them: the owner's original still has both.
    const original = await owner.get(`/api/photos/${photo.id}?size=original`);
    expect(original.status).toBe(200);
    expect(await secretsIn(await bytesOf(original))).toMatchObject({ gps: true, serial: true });
  });

  it('never serves the original, nor a photo the copy does not show', async () => {
    const story = await seed().story(ownerId, { title: 'Shown' });
    const [shown] = await addPhotos(story.id, 'shown');
    await publish(story.id, 'shown-photo');
    const other = await seed().story(ownerId, { title: 'Other, published too' });
    const [ofOther] = await addPhotos(other.id, 'other');
    await publish(other.id, 'other-photo');
    const unpublished = await seed().story(ownerId, { title: 'Not published' });
    const [ofUnpublished] = await addPhotos(unpublished.id, 'private');

    const original = await reader().get(`/api/published/shown-photo/photos/${shown.id}?size=original`);
    expect(original.status).toBe(400);
    expect(await original.json()).toMatchObject({ code: 'validation', field: 'size' });
    for (const url of [
      `/api/published/shown-photo/photos/${ofOther.id}?size=display`,
      `/api/published/shown-photo/photos/${ofUnpublished.id}?size=thumb`,
      `/api/published/nobody-published/photos/${shown.id}?size=thumb`,
      `/api/published/shown-photo/photos/abc?size=thumb`,
      `/api/published/shown-photo/photos/99999999999999?size=thumb`,
    ]) {
      const response = await reader().get(url);
      expect(response.status, url).toBe(404);
      expect(await response.json(), url).toEqual({ code: 'not_found', message: 'Photo not found' });
    }
    // Unpublished: its photos go with it.
    const copy = await owner.get(`/api/stories/${story.id}/published-status`);
    await owner.request('DELETE', `/api/published-stories/${publishedStatusSchema.parse(await copy.json()).publishedStory!.id}`);
    expect((await reader().get(`/api/published/shown-photo/photos/${shown.id}?size=thumb`)).status).toBe(404);
  });

  it('shows the photos as they were published, the cover first, until the next publish', async () => {
    const story = await seed().story(ownerId, { title: 'Chosen at publishing' });
    const [first, second] = await addPhotos(story.id, 'as published', 2);
    await server.database.db.update(stories).set({ coverPhotoId: second.id }).where(eq(stories.id, story.id));
    await publish(story.id, 'chosen');
    expect((await publicStory('chosen')).photos.map((photo) => photo.id)).toEqual([second.id, first.id]);
    const status = async () => publishedStatusSchema.parse(await (await owner.get(`/api/stories/${story.id}/published-status`)).json());
    expect((await status()).publishedStory?.isOutdated).toBe(false);

    // A new photo and a new caption: not public before the owner publishes again; the card says the page is behind.
    const [later] = await addPhotos(story.id, 'added later');
    expect((await owner.request('PATCH', `/api/photos/${first.id}`, { caption: 'changed' })).status).toBe(200);
    const before = await publicStory('chosen');
    expect(before.photos.map((photo) => [photo.id, photo.caption])).toEqual([
      [second.id, 'as published'],
      [first.id, 'as published'],
    ]);
    expect((await reader().get(`/api/published/chosen/photos/${later.id}?size=thumb`)).status).toBe(404);
    expect((await status()).publishedStory?.isOutdated).toBe(true);

    await publish(story.id);
    expect((await publicStory('chosen')).photos.map((photo) => [photo.id, photo.caption])).toEqual([
      [second.id, 'as published'],
      [first.id, 'changed'],
      [later.id, 'added later'],
    ]);
    expect((await status()).publishedStory?.isOutdated).toBe(false);

    // A photo deleted is gone from the page at once.
    expect((await owner.request('DELETE', `/api/photos/${second.id}`)).status).toBe(204);
    expect((await publicStory('chosen')).photos.map((photo) => photo.id)).toEqual([first.id, later.id]);
    expect((await reader().get(`/api/published/chosen/photos/${second.id}?size=thumb`)).status).toBe(404);
  });

  it("opens with a cover chosen from another of the owner's photos (a person's)", async () => {
    const story = await seed().story(ownerId, { title: 'Cover from elsewhere' });
    const [own] = await addPhotos(story.id, 'the story');
    const person = await seed().person(ownerId, 'Aino');
    const form = new FormData();
    form.append('caption', 'Aino in 1965');
    form.append('photo', new Blob([new Uint8Array(secretJpeg)], { type: 'image/jpeg' }), 'aino.jpg');
    const portrait = photoListSchema.parse(await (await owner.request('POST', `/api/people/${person.id}/photos`, form)).json()).photos[0];
    expect((await owner.request('PATCH', `/api/stories/${story.id}`, { coverPhotoId: portrait.id })).status).toBe(200);
    await publish(story.id, 'cover-elsewhere');
    expect((await publicStory('cover-elsewhere')).photos.map((photo) => [photo.id, photo.caption])).toEqual([
      [portrait.id, 'Aino in 1965'],
      [own.id, 'the story'],
    ]);
    const display = await reader().get(`/api/published/cover-elsewhere/photos/${portrait.id}?size=display`);
    expect(await secretsIn(await bytesOf(display))).toEqual({ gps: false, serial: false, exif: false });
  });

  it('revalidates a copy with its ETag', async () => {
    const story = await seed().story(ownerId, { title: 'Cached photo' });
    const [photo] = await addPhotos(story.id, '');
    await publish(story.id, 'cached-photo');
    const url = `/api/published/cached-photo/photos/${photo.id}?size=thumb`;
    const first = await reader().get(url);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await reader().get(url, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
  });

  it('has no og:image without a photo', async () => {
    const story = await seed().story(ownerId, { title: 'No photo' });
    await publish(story.id, 'no-photo');
    const html = await (await reader().get('/published/no-photo')).text();
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect((await publicStory('no-photo')).photos).toEqual([]);
  });
});

describe('behind PUBLIC_URL, with a low rate limit', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ PUBLIC_RATE_LIMIT: '3', PUBLIC_URL: 'https://saaga.example' });
  });
  afterAll(() => bare?.close());

  it('answers one address only so often a minute on the photo route too', async () => {
    const client = new HttpClient(bare.url);
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await client.get('/api/published/nobody-here/photos/1?size=thumb')).status);
    expect(answers).toEqual([404, 404, 404, 429]);
  });

  it("builds the og:image from PUBLIC_URL, never from the request's Host", async () => {
    // Signing up would need a browser at PUBLIC_URL: the owner, the photo's row and the copy are seeded (the page needs no blob).
    const db = bare.database.db;
    const [{ id: userId }] = await db.insert(users).values({ email: 'og@example.com' }).returning();
    const story = await seeder(db).story(userId, { title: 'Forged host' });
    const [photo] = await db
      .insert(photos)
      .values({ userId, storyId: story.id, originalType: 'image/jpeg', width: 4000, height: 3000, originalBytes: 1, storedBytes: 1 })
      .returning();
    const copy = await seeder(db).publishedStory(userId, story.id, 'forged-host', { title: 'Forged host' });
    await db.insert(publishedPhotos).values({ publishedStoryId: copy.id, photoId: photo.id, position: 0, caption: '' });

    const html = await (await new HttpClient(bare.url).get('/published/forged-host', { host: 'evil.example', 'x-forwarded-host': 'evil.example' })).text();
    // The display copy of a 4000 x 3000 photo: 2048 x 1536.
    expect(ogImage(html)).toEqual({ url: `https://saaga.example/api/published/forged-host/photos/${photo.id}?size=display`, width: '2048', height: '1536' });
    expect(html).not.toContain('evil.example');
  });
});
