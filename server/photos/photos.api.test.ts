import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PhotoView, photoListSchema } from '../../contract/photos.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { animatedWebp, gifPhoto, heicPhoto, jpegPhoto, PHONE_EXIF, pngPhoto, uploadPhotos, webpPhoto } from '../../test/support/photo-files.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { photos } from '../db/schema.ts';
import { readPhotoCopy } from './photo-copies-store.ts';
import { photoKey } from './photo-keys.ts';
import { photosOfStory } from './queries.ts';

// Uploads through every home, the formats, orientation, metadata, the owner's edits and deletion.
let server: TestApp;
let owner: HttpClient;
let ownerId: string;
let seed: ReturnType<typeof seeder>;

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  ({ client: owner, id: ownerId } = await signedUpClient(server.url, 'owner@example.com'));
  seed = seeder(server.database.db, server.store);
});
afterAll(() => server?.close());

/** Uploads and answers the photos the server says it kept. */
async function added(url: string, files: Parameters<typeof uploadPhotos>[2], fields?: Record<string, string>): Promise<PhotoView[]> {
  const response = await uploadPhotos(owner, url, files, fields);
  expect(response.status, await response.clone().text()).toBe(201);
  return photoListSchema.parse(await response.json()).photos;
}

/** The bytes the owner is served of one copy. */
async function served(photo: PhotoView, size: 'thumb' | 'display' | 'original'): Promise<{ bytes: Buffer; type: string | null }> {
  const response = await owner.get(`/api/photos/${photo.id}?size=${size}`);
  expect(response.status).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') };
}

/** The colour of a pixel of a served copy, as [r, g, b]. */
async function pixelAt(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}
const isRed = ([r, g, b]: number[]) => r > 150 && g < 90 && b < 90;
const isBlue = ([r, g, b]: number[]) => b > 150 && r < 90 && g < 90;

describe('each format', () => {
  it('takes JPEG, PNG, WebP and HEIC, sniffed from the bytes, and serves JPEG copies within their sizes', async () => {
    const story = await seed.story(ownerId);
    const formats = [
      ['image/jpeg', await jpegPhoto({ width: 3000, height: 2000 })],
      ['image/png', await pngPhoto()],
      ['image/webp', await webpPhoto()],
      ['image/heic', heicPhoto()],
    ] as const;
    for (const [type, bytes] of formats) {
      // The name and declared type lie: the bytes decide.
      const [photo] = await added(`/api/stories/${story.id}/photos`, [{ bytes, filename: 'holiday.gif', type: 'text/plain' }]);
      const [row] = await server.database.db.select().from(photos).where(eq(photos.id, photo.id));
      expect(row.originalType, type).toBe(type);
      const thumb = await served(photo, 'thumb');
      const display = await served(photo, 'display');
      expect(thumb.type).toBe('image/jpeg');
      expect(display.type).toBe('image/jpeg');
      const thumbMeta = await sharp(thumb.bytes).metadata();
      const displayMeta = await sharp(display.bytes).metadata();
      expect([thumbMeta.format, displayMeta.format], type).toEqual(['jpeg', 'jpeg']);
      expect(Math.max(thumbMeta.width, thumbMeta.height), type).toBeLessThanOrEqual(400);
      expect(Math.max(displayMeta.width, displayMeta.height), type).toBeLessThanOrEqual(2048);
      // The left half is red and the right half blue in every copy: decoded, not just renamed.
      expect(isRed(await pixelAt(display.bytes, 5, 5)), type).toBe(true);
      expect(isBlue(await pixelAt(display.bytes, displayMeta.width - 5, 5)), type).toBe(true);
      // The owner's original is the very bytes sent.
      expect((await served(photo, 'original')).bytes.equals(bytes), type).toBe(true);
    }
  });

  it('keeps the first frame of an animated WebP and refuses a GIF as a type it does not take', async () => {
    const story = await seed.story(ownerId);
    const [photo] = await added(`/api/stories/${story.id}/photos`, [{ bytes: await animatedWebp(3) }]);
    expect([photo.width, photo.height]).toEqual([64, 64]);
    const display = await served(photo, 'display');
    const meta = await sharp(display.bytes).metadata();
    expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([64, 64, 1]);
    expect(isRed(await pixelAt(display.bytes, 32, 32))).toBe(true);

    const gif = await uploadPhotos(owner, `/api/stories/${story.id}/photos`, [{ bytes: await gifPhoto(), type: 'image/gif' }]);
    expect(gif.status).toBe(415);
    expect((await gif.json()).code).toBe('photo_type_unsupported');
  });

  it('refuses bytes that are not an image, and an image cut off before its pixels', async () => {
    const story = await seed.story(ownerId);
    const text = await uploadPhotos(owner, `/api/stories/${story.id}/photos`, [{ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'a.jpg' }]);
    expect(text.status).toBe(415);
    expect((await text.json()).code).toBe('photo_type_unsupported');
    const jpeg = await jpegPhoto();
    const cut = await uploadPhotos(owner, `/api/stories/${story.id}/photos`, [{ bytes: jpeg.subarray(0, 40) }]);
    expect(cut.status).toBe(400);
    expect((await cut.json()).code).toBe('photo_unreadable');
    expect(await server.database.db.select().from(photos).where(eq(photos.storyId, story.id))).toEqual([]);
  });
});

describe('EXIF', () => {
  it('turns a photo by its orientation: a 6-oriented JPEG comes out rotated', async () => {
    const story = await seed.story(ownerId);
    // Stored 320 x 240, red on the left; orientation 6 means "turn a quarter clockwise to show".
    const [photo] = await added(`/api/stories/${story.id}/photos`, [{ bytes: await jpegPhoto({ orientation: 6 }) }]);
    expect([photo.width, photo.height]).toEqual([240, 320]);
    const display = await served(photo, 'display');
    const meta = await sharp(display.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([240, 320]);
    // Turned clockwise, the red left half is now the top.
    expect(isRed(await pixelAt(display.bytes, 120, 10))).toBe(true);
    expect(isBlue(await pixelAt(display.bytes, 120, 310))).toBe(true);
    expect(meta.orientation).toBeUndefined();
  });

  it('reads the day taken and that it has a position, and serves neither GPS nor the camera serial in any copy but the original', async () => {
    const story = await seed.story(ownerId);
    const [photo] = await added(`/api/stories/${story.id}/photos`, [{ bytes: await jpegPhoto({ exif: PHONE_EXIF }) }]);
    expect(photo).toMatchObject({ takenOn: '2019-07-14', hasLocation: true });
    for (const size of ['thumb', 'display'] as const) {
      const { bytes } = await served(photo, size);
      expect(await exifr.parse(bytes, { gps: true, tiff: true, exif: true, xmp: true }), size).toBeUndefined();
      expect(await exifr.gps(bytes), size).toBeUndefined();
      expect(bytes.includes('SERIAL-12345'), size).toBe(false);
    }
    // The original stays as it was, for its owner.
    const original = await exifr.parse((await served(photo, 'original')).bytes, { gps: true });
    // exifr names BodySerialNumber (0xA431) SerialNumber.
    expect(original).toMatchObject({ SerialNumber: 'SERIAL-12345', latitude: expect.closeTo(60.1667, 3) });
  });
});

describe('homes and lists', () => {
  it('adds several photos at once to a story, a recording, a person and a place, in the order sent, and lists them', async () => {
    const story = await seed.story(ownerId);
    const recording = await seed.recording(ownerId, { storyId: story.id });
    const person = await seed.person(ownerId, 'Anna');
    const place = await seed.place(ownerId, 'Tampere');
    for (const [path, id, field] of [
      ['stories', story.id, 'storyId'],
      ['recordings', recording.id, 'recordingId'],
      ['people', person.id, 'personId'],
      ['places', place.id, 'placeId'],
    ] as const) {
      const sent = await added(`/api/${path}/${id}/photos`, [{ bytes: await jpegPhoto() }, { bytes: await pngPhoto() }], { caption: 'At the lake' });
      expect(sent.map((p) => [p.position, p.caption, p[field]])).toEqual([
        [0, 'At the lake', id],
        [1, 'At the lake', id],
      ]);
      const list = photoListSchema.parse(await (await owner.get(`/api/${path}/${id}/photos`)).json()).photos;
      expect(list.map((p) => p.id)).toEqual(sent.map((p) => p.id));
      expect(list[0].urls).toEqual({ thumb: `/api/photos/${sent[0].id}?size=thumb`, display: `/api/photos/${sent[0].id}?size=display`, original: `/api/photos/${sent[0].id}?size=original` });
    }
  });

  it("gives the others a story's photos, its own then its recordings' in the story's order, and each copy from the store", async () => {
    const story = await seed.story(ownerId);
    const second = await seed.recording(ownerId, { storyId: story.id, orderIndex: 1 });
    const first = await seed.recording(ownerId, { storyId: story.id, orderIndex: 0 });
    const [ofSecond] = await added(`/api/recordings/${second.id}/photos`, [{ bytes: await jpegPhoto() }]);
    const [ofFirst] = await added(`/api/recordings/${first.id}/photos`, [{ bytes: await jpegPhoto() }]);
    const own = await added(`/api/stories/${story.id}/photos`, [{ bytes: await jpegPhoto() }, { bytes: await webpPhoto() }]);
    await added(`/api/recordings/${(await seed.recording(ownerId)).id}/photos`, [{ bytes: await jpegPhoto() }]);
    const rows = await photosOfStory(server.database.db, story.id);
    expect(rows.map((row) => row.id)).toEqual([own[0].id, own[1].id, ofFirst.id, ofSecond.id]);
    const copy = await readPhotoCopy(server.store, rows[1], 'display');
    const chunks: Buffer[] = [];
    for await (const chunk of copy.body) chunks.push(chunk as Buffer);
    expect(copy.contentType).toBe('image/jpeg');
    expect(Buffer.concat(chunks).equals((await served(own[1], 'display')).bytes)).toBe(true);
    expect((await readPhotoCopy(server.store, rows[1], 'original')).contentType).toBe('image/webp');
  });

  it('takes a loose photo, of no home, for "Tell me about this picture"', async () => {
    const [photo] = await added('/api/photos', [{ bytes: await jpegPhoto() }]);
    expect(photo).toMatchObject({ storyId: null, recordingId: null, personId: null, placeId: null });
    expect((await served(photo, 'thumb')).type).toBe('image/jpeg');
  });
});

describe('PATCH and DELETE /api/photos/:id', () => {
  it('changes the caption and moves a photo, numbering its home again', async () => {
    const story = await seed.story(ownerId);
    const [a, b, c] = await added(`/api/stories/${story.id}/photos`, [{ bytes: await jpegPhoto() }, { bytes: await jpegPhoto() }, { bytes: await jpegPhoto() }]);
    const moved = await owner.request('PATCH', `/api/photos/${c.id}`, { position: 0, caption: '  Grandmother  ' });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ id: c.id, position: 0, caption: 'Grandmother' });
    const order = async () => photoListSchema.parse(await (await owner.get(`/api/stories/${story.id}/photos`)).json()).photos.map((p) => [p.id, p.position]);
    expect(await order()).toEqual([[c.id, 0], [a.id, 1], [b.id, 2]]);
    await owner.request('PATCH', `/api/photos/${c.id}`, { position: 99 });
    expect(await order()).toEqual([[a.id, 0], [b.id, 1], [c.id, 2]]);
    expect((await owner.request('PATCH', `/api/photos/${c.id}`, {})).status).toBe(400);
  });

  it('deletes the row and every size from the store', async () => {
    const story = await seed.story(ownerId);
    const [photo] = await added(`/api/stories/${story.id}/photos`, [{ bytes: await pngPhoto() }]);
    const keys = [photoKey(ownerId, photo.id, 'original', 'png'), photoKey(ownerId, photo.id, 'display'), photoKey(ownerId, photo.id, 'thumb')];
    for (const key of keys) expect(await server.store.size(key), key).toBeGreaterThan(0);
    expect((await owner.request('DELETE', `/api/photos/${photo.id}`)).status).toBe(204);
    for (const key of keys) expect(await server.store.size(key), key).toBeNull();
    expect((await owner.get(`/api/photos/${photo.id}?size=thumb`)).status).toBe(404);
  });
});
