import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, PHOTO_MAX_FILES_PER_UPLOAD, PHOTO_MAX_PIXELS } from '../../contract/photos.ts';
import { storeKeys } from '../../test/support/account-contents.ts';
import { type HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { deflateBombPng, HEIC_FIXTURE, heicPhoto, jpegPhoto, liarPng, uploadPhotos } from '../../test/support/photo-files.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { photos } from '../db/schema.ts';
import { decodeHeic } from './heic-decoder.ts';

// Uploads are hostile: what is refused, before what, and that a refusal keeps nothing.
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

/** This process's upload folders (the server runs in it): a refused upload leaves none behind. */
const uploadFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith(`saaga-upload-${process.pid}-`));

/** Sends an upload and answers its status and code, having checked nothing of it was kept. */
async function refusal(url: string, files: Parameters<typeof uploadPhotos>[2], client = owner): Promise<[number, string]> {
  const keysBefore = await storeKeys(server.store);
  const rowsBefore = await server.database.db.select().from(photos);
  const response = await uploadPhotos(client, url, files);
  const body = await response.json();
  expect(await storeKeys(server.store)).toEqual(keysBefore);
  expect(await server.database.db.select().from(photos)).toEqual(rowsBefore);
  expect(uploadFolders()).toEqual([]);
  return [response.status, body.code];
}

/** The most this process's memory grew while `work` ran, sampled every 5 ms. */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage.rss()) - before;
}

const MB = 1024 * 1024;

describe('a decompression bomb', () => {
  it('is refused from its header, before a pixel is decoded, with memory flat', async () => {
    const story = await seed.story(ownerId);
    const liar = liarPng();
    const bomb = await deflateBombPng();
    expect(bomb.length).toBeLessThan(MB);
    for (const [name, bytes] of [
      ['a header saying 100000 x 100000', liar],
      ['121 megapixels of real deflated rows', bomb],
    ] as const) {
      let answer: [number, string] = [0, ''];
      // Decoded, the bomb alone is 121 MB of pixels (the liar 10 GB); refused from the header, it is its 120 KB.
      const growth = await peakGrowth(async () => (answer = await refusal(`/api/stories/${story.id}/photos`, [{ bytes, type: 'image/png' }])));
      expect(answer, name).toEqual([413, 'photo_dimensions_too_large']);
      expect(growth, name).toBeLessThan(60 * MB);
    }
  });
});

describe('a HEIC', () => {
  it('is bounded by the sizes its container gives, before its pixels are decoded', async () => {
    // x265 makes no HEIC past its own limits, so the bounds are lowered here instead of the file made larger.
    await expect(decodeHeic(HEIC_FIXTURE, { maxEdge: 319, maxPixels: PHOTO_MAX_PIXELS })).rejects.toMatchObject({ code: 'photo_dimensions_too_large' });
    await expect(decodeHeic(HEIC_FIXTURE, { maxEdge: 320, maxPixels: 320 * 120 - 1 })).rejects.toMatchObject({ code: 'photo_dimensions_too_large' });
    expect(await decodeHeic(HEIC_FIXTURE, { maxEdge: 320, maxPixels: 320 * 120 })).toMatchObject({ width: 320, height: 120 });
    // Its bytes cut short: unreadable, and the server goes on.
    const story = await seed.story(ownerId);
    expect(await refusal(`/api/stories/${story.id}/photos`, [{ bytes: heicPhoto().subarray(0, 400) }])).toEqual([400, 'photo_unreadable']);
  });
});

describe('the limits', () => {
  it('refuses a file over the size limit while it arrives, and keeps none of the upload', async () => {
    const story = await seed.story(ownerId);
    const jpeg = await jpegPhoto();
    // A real JPEG, padded past the limit after its end (as a phone's trailing data would be).
    const tooLarge = Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX_BYTES + 1 - jpeg.length)]);
    expect(await refusal(`/api/stories/${story.id}/photos`, [{ bytes: jpeg }, { bytes: tooLarge }])).toEqual([413, 'photo_too_large']);
  });

  it(`refuses more than ${PHOTO_MAX_FILES_PER_UPLOAD} files in one upload`, async () => {
    const story = await seed.story(ownerId);
    const jpeg = await jpegPhoto({ width: 16, height: 16 });
    const files = Array.from({ length: PHOTO_MAX_FILES_PER_UPLOAD + 1 }, () => ({ bytes: jpeg }));
    expect(await refusal(`/api/stories/${story.id}/photos`, files)).toEqual([400, 'photo_too_many_files']);
  });

  it('keeps nothing of an upload when one of its files is refused', async () => {
    const story = await seed.story(ownerId);
    const files = [{ bytes: await jpegPhoto() }, { bytes: Buffer.from('not a picture at all') }, { bytes: await jpegPhoto() }];
    expect(await refusal(`/api/stories/${story.id}/photos`, files)).toEqual([415, 'photo_type_unsupported']);
  });

  it("refuses an upload to another person's story, recording, person or place before reading it", async () => {
    const { client: stranger } = await signedUpClient(server.url, 'stranger@example.com');
    const recording = await seed.recording(ownerId);
    const person = await seed.person(ownerId, 'Anna');
    const place = await seed.place(ownerId, 'Tampere');
    const story = await seed.story(ownerId);
    for (const url of [`/api/stories/${story.id}/photos`, `/api/recordings/${recording.id}/photos`, `/api/people/${person.id}/photos`, `/api/places/${place.id}/photos`]) {
      expect(await refusal(url, [{ bytes: await jpegPhoto() }], stranger), url).toEqual([404, 'not_found']);
    }
  });
});

describe('per account', () => {
  let limited: TestApp;
  beforeAll(async () => {
    // Room for about 40 KB of photos, and four uploads an hour.
    limited = await startTestApp({ LOGIN_RATE_LIMIT: '1000', ACCOUNT_PHOTO_MB: String(40 / 1024), PHOTO_UPLOADS_PER_HOUR: '4' });
  });
  afterAll(() => limited?.close());

  it('refuses photos past the account\'s room, as they arrive and then before reading, and uploads past the hour', async () => {
    const { client, id } = await signedUpClient(limited.url, 'full@example.com');
    const small = await jpegPhoto({ width: 64, height: 48 });
    const large = Buffer.concat([small, Buffer.alloc(50 * 1024)]);
    // 1: over the room as it arrives.
    const over = await uploadPhotos(client, '/api/photos', [{ bytes: large }]);
    expect([over.status, (await over.json()).code]).toEqual([413, 'photo_quota_exceeded']);
    // 2: within it.
    expect((await uploadPhotos(client, '/api/photos', [{ bytes: small }])).status).toBe(201);
    // Fill the rest of the room with rows, as an account full of photos would be.
    await limited.database.db.insert(photos).values({ userId: id, originalType: 'image/jpeg', width: 1, height: 1, originalBytes: 1, storedBytes: 40 * 1024 });
    // 3: no room left: refused before a byte is read.
    const full = await uploadPhotos(client, '/api/photos', [{ bytes: small }]);
    expect([full.status, (await full.json()).code]).toEqual([413, 'photo_quota_exceeded']);
    await limited.database.db.delete(photos).where(eq(photos.storedBytes, 40 * 1024));
    // 4: within the room and the hour; 5: past the hour, with when to try again.
    expect((await uploadPhotos(client, '/api/photos', [{ bytes: small }])).status).toBe(201);
    const hour = await uploadPhotos(client, '/api/photos', [{ bytes: small }]);
    expect([hour.status, (await hour.json()).code]).toEqual([429, 'photo_upload_limit']);
    expect(Number(hour.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account has its own hour and room.
    const other = (await signedUpClient(limited.url, 'other@example.com')).client;
    expect((await uploadPhotos(other, '/api/photos', [{ bytes: small }])).status).toBe(201);
  });
});
