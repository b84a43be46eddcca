import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRIBUTOR_KEY_HEADER,
  CONTRIBUTOR_KEY_PATTERN,
  coAuthorPhotoResultSchema,
  coAuthorViewSchema,
  type CoAuthorPhoto,
} from '../../contract/co-author.ts';
import { photoListSchema, type PhotoView } from '../../contract/photos.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { jpegPhoto, PHONE_EXIF } from '../../test/support/photo-files.ts';
import { secretsIn } from '../../test/support/photo-secrets.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { photos } from '../db/schema.ts';

// The link holder's photos (issue 27): they see the story's photos as derived copies only (no
// GPS, no camera serial), add their own through the owner's upload path under their name,
// and delete only those, from the browser that added them.

let server: TestApp;
let owner: HttpClient;
let ownerId: string;
let secretJpeg: Buffer;
beforeAll(async () => {
  secretJpeg = await jpegPhoto({ width: 1200, height: 900, exif: PHONE_EXIF });
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '100000', CONTRIBUTION_RATE_LIMIT: '100000' });
  ({ client: owner, id: ownerId } = await signedUpClient(server.url, 'photo-owner@example.com'));
});
afterAll(() => server?.close());

const seed = () => seeder(server.database.db, server.store);
const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const jpegBlob = (bytes: Buffer = secretJpeg) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
const photoRow = async (id: number) => (await server.database.db.select().from(photos).where(eq(photos.id, id)))[0];

/** A browser holding the link: no session, its own key once it has one. */
class Relative {
  readonly http = new HttpClient(server.url);
  constructor(
    readonly token: string,
    public key: string | null = null,
  ) {}
  private headers = (): Record<string, string> => (this.key ? { [CONTRIBUTOR_KEY_HEADER]: this.key } : {});
  async view() {
    const response = await this.http.get(`/api/co-author/${this.token}`, this.headers());
    expect(response.status).toBe(200);
    return coAuthorViewSchema.parse(await response.json());
  }
  /** Sends the form as built (fields first, in order), keeping the key the server gives. */
  async send(parts: [string, string | Blob][]) {
    const form = new FormData();
    for (const [name, value] of parts) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, `${name}.jpg`);
    }
    return this.http.request('POST', `/api/co-author/${this.token}/photos`, form, this.headers());
  }
  async add(name: string, caption = '', files = 1): Promise<CoAuthorPhoto[]> {
    const parts: [string, string | Blob][] = [['contributorName', name], ['caption', caption]];
    for (let i = 0; i < files; i++) parts.push(['photo', jpegBlob()]);
    const response = await this.send(parts);
    expect(response.status, await response.clone().text()).toBe(201);
    const result = coAuthorPhotoResultSchema.parse(await response.json());
    this.key = result.contributorKey;
    return result.photos;
  }
  get = (id: number | string, size = 'display') => this.http.get(`/api/co-author/${this.token}/photos/${id}?size=${size}`, this.headers());
  delete = (id: number | string, body: unknown) => this.http.request('DELETE', `/api/co-author/${this.token}/photos/${id}`, body, this.headers());
}

/** The owner adds photos to one of their homes through their own upload route. */
async function ownerAdds(path: string, caption: string): Promise<PhotoView> {
  const form = new FormData();
  form.append('caption', caption);
  form.append('photo', jpegBlob(), 'IMG_0001.jpg');
  const response = await owner.request('POST', `${path}/photos`, form);
  expect(response.status, await response.clone().text()).toBe(201);
  return photoListSchema.parse(await response.json()).photos[0];
}

/** Pekka sends one photo through a link of another app (one with its own limits), from a fresh browser. */
function pekkaSends(app: TestApp, token: string) {
  const form = new FormData();
  form.append('contributorName', 'Pekka');
  form.append('photo', jpegBlob(), 'sauna.jpg');
  return new HttpClient(app.url).request('POST', `/api/co-author/${token}/photos`, form);
}

/** The owner adds one photo to their story. */
function ownerSends(client: HttpClient, storyId: number) {
  const form = new FormData();
  form.append('photo', jpegBlob(), 'mine.jpg');
  return client.request('POST', `/api/stories/${storyId}/photos`, form);
}

async function sharedStory() {
  const story = await seed().story(ownerId, { title: 'Summers at the lake' });
  const link = await seed().coAuthorToken(ownerId, story.id);
  return { story, link, relative: new Relative(link.token) };
}

describe("the story's photos through the link", () => {
  it('lists and serves only derived copies: no GPS position, no camera serial, while the owner keeps them', async () => {
    const { story, relative } = await sharedStory();
    const photo = await ownerAdds(`/api/stories/${story.id}`, 'The jetty');
    const view = await relative.view();
    expect(view.photos).toEqual([
      {
        id: photo.id,
        caption: 'The jetty',
        width: 1200,
        height: 900,
        urls: {
          thumb: `/api/co-author/${relative.token}/photos/${photo.id}?size=thumb`,
          display: `/api/co-author/${relative.token}/photos/${photo.id}?size=display`,
        },
        contributorName: null,
        mine: false,
      },
    ]);
    for (const url of Object.values(view.photos[0].urls)) {
      const response = await relative.http.get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      expect(await secretsIn(await bytesOf(response)), url).toEqual({ gps: false, serial: false, exif: false });
    }
    const original = await owner.get(`/api/photos/${photo.id}?size=original`);
    expect(await secretsIn(await bytesOf(original))).toMatchObject({ gps: true, serial: true });

    const refused = await relative.get(photo.id, 'original');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'validation', field: 'size' });
  });

  it("404s another story's photo, the owner's recording's and person's photos, and anything through a revoked link", async () => {
    const { story, link, relative } = await sharedStory();
    const own = await ownerAdds(`/api/stories/${story.id}`, 'shown');
    const other = await seed().story(ownerId, { title: 'Another story' });
    const ofOther = await ownerAdds(`/api/stories/${other.id}`, 'not shown');
    const recording = await seed().recording(ownerId, { storyId: story.id });
    const ofRecording = await ownerAdds(`/api/recordings/${recording.id}`, 'kept on a recording');
    const person = await seed().person(ownerId, 'Aino');
    const ofPerson = await ownerAdds(`/api/people/${person.id}`, 'portrait');

    expect((await relative.view()).photos.map((photo) => photo.id)).toEqual([own.id]);
    for (const id of [ofOther.id, ofRecording.id, ofPerson.id, 99999999]) {
      const response = await relative.get(id);
      expect(response.status, String(id)).toBe(404);
      expect(await response.json()).toEqual({ code: 'not_found', message: 'Photo not found' });
      expect((await relative.delete(id, { contributorName: 'Pekka' })).status, String(id)).toBe(404);
    }
    expect((await relative.get(own.id)).status).toBe(200);
    await owner.request('DELETE', `/api/co-author-tokens/${link.id}`);
    const revoked = await relative.get(own.id);
    expect(revoked.status).toBe(404);
    expect(await revoked.json()).toMatchObject({ code: 'invalid_token' });
  });
});

describe("a relative's own photos", () => {
  it('are added under their name, stripped for the page, shown to the owner under that name, counted against the owner', async () => {
    const { story, relative } = await sharedStory();
    const [added] = await relative.add('Pekka', 'Mummo at the sauna');
    expect(relative.key).toMatch(CONTRIBUTOR_KEY_PATTERN);
    expect(added).toMatchObject({ caption: 'Mummo at the sauna', contributorName: 'Pekka', mine: true });

    const row = await photoRow(added.id);
    expect(row).toMatchObject({ userId: ownerId, storyId: story.id, contributorName: 'Pekka', hasLocation: true });
    // Only the key's hash is kept.
    expect(row.contributorKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.contributorKeyHash).not.toBe(relative.key);

    const display = await relative.get(added.id);
    expect(await secretsIn(await bytesOf(display))).toEqual({ gps: false, serial: false, exif: false });

    // The owner sees it in the story under the relative's name (and has the original with its location).
    const list = photoListSchema.parse(await (await owner.get(`/api/stories/${story.id}/photos`)).json());
    expect(list.photos.map((photo) => [photo.id, photo.contributorName])).toEqual([[added.id, 'Pekka']]);
    expect(await secretsIn(await bytesOf(await owner.get(`/api/photos/${added.id}?size=original`)))).toMatchObject({ gps: true });

    // Another browser sees it, not as its own.
    const cousin = new Relative(relative.token);
    expect((await cousin.view()).photos).toEqual([expect.objectContaining({ id: added.id, contributorName: 'Pekka', mine: false })]);
  });

  it('need a name before any image is read, and follow the upload rules', async () => {
    const { story, relative } = await sharedStory();
    for (const parts of [[['photo', jpegBlob()]], [['contributorName', '   '], ['photo', jpegBlob()]], [['photo', jpegBlob()], ['contributorName', 'Late']]] as [
      string,
      string | Blob,
    ][][]) {
      const response = await relative.send(parts);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ code: 'photo_name_required', message: 'Please enter your name to add photos', field: 'contributorName' });
    }
    const notAnImage = await relative.send([
      ['contributorName', 'Pekka'],
      ['photo', new Blob([new TextEncoder().encode('%PDF-1.4 not a photo')], { type: 'image/jpeg' })],
    ]);
    expect(notAnImage.status).toBe(415);
    expect(await notAnImage.json()).toMatchObject({ code: 'photo_type_unsupported' });
    const tooMany = await relative.send([['contributorName', 'Pekka'], ...Array.from({ length: 21 }, () => ['photo', jpegBlob()] as [string, Blob])]);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ code: 'photo_too_many_files' });
    expect(await server.database.db.select().from(photos).where(eq(photos.storyId, story.id))).toEqual([]);
  });

  it("count against the owner's photo quota, and the link has an hour of its own", async () => {
    const tight = await startTestApp({ LOGIN_RATE_LIMIT: '1000', ACCOUNT_PHOTO_MB: '1', LINK_UPLOADS_PER_HOUR: '2' });
    try {
      const { id, client: tightOwner } = await signedUpClient(tight.url, 'tight@example.com');
      const seedTight = seeder(tight.database.db, tight.store);
      const story = await seedTight.story(id);
      const link = await seedTight.coAuthorToken(id, story.id);
      const relative = () => pekkaSends(tight, link.token);
      // The owner's own photos take all but a few bytes of the megabyte.
      const mine = await seedTight.photo(id, { storyId: story.id, storedBytes: 1024 * 1024 - 100 });
      const response = await relative();
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 'photo_quota_exceeded' });
      // Room again: the relative's photo is taken.
      await tight.database.db.update(photos).set({ storedBytes: 1 }).where(eq(photos.id, mine.id));
      expect((await relative()).status).toBe(201);

      // Two uploads this hour through the link (the refused one counts): the third waits; the owner's own do not.
      const third = await relative();
      expect(third.status).toBe(429);
      expect(await third.json()).toEqual({
        code: 'photo_link_limit',
        message: 'This link has received as many photos as one hour allows. Please try again later.',
      });
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await ownerSends(tightOwner, story.id)).status).toBe(201);
    } finally {
      await tight.close();
    }
  });

  it('the photos added through one link have a cap of their own, like its recordings; the owner still has room', async () => {
    const tight = await startTestApp({ LOGIN_RATE_LIMIT: '1000', LINK_PHOTO_MB: '0.25' });
    try {
      const { id, client: tightOwner } = await signedUpClient(tight.url, 'link-cap@example.com');
      const seedTight = seeder(tight.database.db, tight.store);
      const story = await seedTight.story(id);
      const link = await seedTight.coAuthorToken(id, story.id);
      const relative = () => pekkaSends(tight, link.token);
      // What the link brought before takes all but a few bytes of its quarter megabyte.
      await seedTight.photo(id, { storyId: story.id, coAuthorTokenId: link.id, contributorName: 'Pekka', storedBytes: 256 * 1024 - 100 });
      const refused = await relative();
      expect(refused.status).toBe(413);
      expect(await refused.json()).toEqual({ code: 'photo_link_storage_limit', message: 'This story has no room for more photos.' });
      expect((await ownerSends(tightOwner, story.id)).status).toBe(201);
    } finally {
      await tight.close();
    }
  });

  it('are deleted only from the browser that added them, under the same name, with every copy', async () => {
    const { story, relative } = await sharedStory();
    const [added] = await relative.add('Pekka');
    const ownersPhoto = await ownerAdds(`/api/stories/${story.id}`, "the owner's");

    const elsewhere = new Relative(relative.token, randomBytes(32).toString('base64url'));
    const noKey = new Relative(relative.token);
    for (const [who, id, name] of [
      [elsewhere, added.id, 'Pekka'],
      [noKey, added.id, 'Pekka'],
      [relative, added.id, 'Someone else'],
      [relative, ownersPhoto.id, 'Pekka'],
    ] as const) {
      const response = await who.delete(id, { contributorName: name });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: 'not_found', message: 'Photo not found' });
    }
    const nameless = await relative.delete(added.id, {});
    expect(nameless.status).toBe(400);
    expect(await nameless.json()).toMatchObject({ code: 'photo_name_required' });
    expect(await photoRow(added.id)).toBeDefined();

    expect((await relative.delete(added.id, { contributorName: 'Pekka' })).status).toBe(204);
    expect(await photoRow(added.id)).toBeUndefined();
    const left: string[] = [];
    for await (const key of server.store.list(`users/${ownerId}/photos/${added.id}/`)) left.push(key.key);
    expect(left).toEqual([]);
    expect((await relative.view()).photos.map((photo) => photo.id)).toEqual([ownersPhoto.id]);
  });
});
