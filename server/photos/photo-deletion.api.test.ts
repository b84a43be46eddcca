import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoListSchema } from '../../contract/photos.ts';
import { storeKeys } from '../../test/support/account-contents.ts';
import { type HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { jpegPhoto, uploadPhotos } from '../../test/support/photo-files.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { photos, recordings } from '../db/schema.ts';
import { sweepOrphanPhotos } from './sweep-orphan-photos.ts';

// A photo's copies leave the store with it: deleted on its own, with its home, or by the sweep when its row is gone.
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

/** Uploads one photo to a home and answers its id. */
async function photoIn(url: string): Promise<number> {
  const response = await uploadPhotos(owner, url, [{ bytes: await jpegPhoto() }]);
  expect(response.status).toBe(201);
  return photoListSchema.parse(await response.json()).photos[0].id;
}

/** The stored keys of these photos (three each while they are kept). */
const copiesOf = async (ids: number[]) => (await storeKeys(server.store)).filter((key) => ids.some((id) => key.startsWith(`users/${ownerId}/photos/${id}/`)));

describe("a home's deletion", () => {
  it("removes a story's photos and its recordings' photos from the store", async () => {
    const story = await seed.story(ownerId);
    const recording = await seed.recording(ownerId, { storyId: story.id });
    const ids = [await photoIn(`/api/stories/${story.id}/photos`), await photoIn(`/api/recordings/${recording.id}/photos`)];
    const kept = await photoIn(`/api/stories/${(await seed.story(ownerId)).id}/photos`);
    expect(await copiesOf(ids)).toHaveLength(6);
    expect((await owner.request('DELETE', `/api/stories/${story.id}`)).status).toBe(204);
    expect(await copiesOf(ids)).toEqual([]);
    expect(await server.database.db.select().from(photos).where(eq(photos.storyId, story.id))).toEqual([]);
    expect(await copiesOf([kept])).toHaveLength(3);
  });

  it("removes a recording's, a person's and a place's photos from the store", async () => {
    const recording = await seed.recording(ownerId);
    const person = await seed.person(ownerId, 'Anna');
    const place = await seed.place(ownerId, 'Tampere');
    for (const [path, id] of [
      ['recordings', recording.id],
      ['people', person.id],
      ['places', place.id],
    ] as const) {
      const photo = await photoIn(`/api/${path}/${id}/photos`);
      expect(await copiesOf([photo]), path).toHaveLength(3);
      expect((await owner.request('DELETE', `/api/${path}/${id}`)).status, path).toBe(204);
      expect(await copiesOf([photo]), path).toEqual([]);
    }
  });

  it("removes the photos of a story's stuck recordings with them", async () => {
    const story = await seed.story(ownerId);
    const failed = await seed.recording(ownerId, { storyId: story.id, processingStatus: 'failed' });
    const fine = await seed.recording(ownerId, { storyId: story.id });
    const gone = await photoIn(`/api/recordings/${failed.id}/photos`);
    const kept = await photoIn(`/api/recordings/${fine.id}/photos`);
    expect((await owner.request('DELETE', `/api/stories/${story.id}/delete-stuck-recordings`)).status).toBe(200);
    expect(await server.database.db.select().from(recordings).where(eq(recordings.id, failed.id))).toEqual([]);
    expect(await copiesOf([gone])).toEqual([]);
    expect(await copiesOf([kept])).toHaveLength(3);
  });
});

describe('the orphan sweep', () => {
  it('removes old copies of photos whose row is gone, and leaves those with a row and those just stored', async () => {
    const story = await seed.story(ownerId);
    const orphan = await photoIn(`/api/stories/${story.id}/photos`);
    const named = await photoIn(`/api/stories/${story.id}/photos`);
    // The row goes as a crash would leave it: without its copies.
    await server.database.db.delete(photos).where(eq(photos.id, orphan));
    expect(await sweepOrphanPhotos(server.database.db, server.store), 'just stored').toBe(0);
    expect(await copiesOf([orphan])).toHaveLength(3);
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(await sweepOrphanPhotos(server.database.db, server.store, { now: later })).toBe(3);
    expect(await copiesOf([orphan])).toEqual([]);
    expect(await copiesOf([named])).toHaveLength(3);
  });
});
