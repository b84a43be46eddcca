import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveImport } from '../../../contract/archive.ts';
import { type ArchiveOptions, buildArchive, emptyArchive, fullArchive, photoRow } from '../../../test/support/archive-builder.ts';
import { settledImport, uploadArchive } from '../../../test/support/archive-import.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fakes/openai-server.ts';
import { fakeOpenAiEngines } from '../../../test/support/engines.ts';
import { signedUpClient } from '../../../test/support/http-client.ts';
import { heicPhoto, jpegPhoto, liarPng, PHONE_EXIF, pngPhoto } from '../../../test/support/photo-files.ts';
import { secretsIn } from '../../../test/support/photo-secrets.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { people, photos, recordings, stories } from '../../db/schema.ts';
import { photoKey } from '../../photos/photo-keys.ts';
import { ARCHIVE_PATHS, dataFilePath } from '../format.ts';

// Photos come back from an archive as an upload does: each original checked (type sniffed,
// dimensions bounded before decoding) and its copies made again, never the archive's own;
// with their homes, order, captions and the covers, portraits and recordings that point at
// them. A photo that is not one, or not the one its row describes, refuses the whole archive
// and leaves nothing behind.
const SETTLED = 60_000;

let fake: FakeOpenAi;
let server: TestApp;
beforeAll(async () => {
  // A local server speaking the OpenAI API transcribes the one recording the full archive has no transcript for.
  fake = await startFakeOpenAi();
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: fakeOpenAiEngines(fake) });
});
afterEach(() => {
  expect(server.backgroundErrors).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const db = () => server.database.db;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
let accounts = 0;

async function importInto(options: ArchiveOptions): Promise<{ settled: ArchiveImport; userId: string }> {
  const { client, id: userId } = await signedUpClient(server.url, `photos-import-${++accounts}@example.com`);
  const settled = await settledImport(client, await uploadArchive(client, await buildArchive(options)), SETTLED);
  return { settled, userId };
}

async function storedKeys(userId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of server.store.list(`users/${userId}/`)) keys.push(entry.key);
  return keys;
}

async function streamBytes(key: string): Promise<Buffer> {
  const blob = await server.store.get(key);
  if (!blob) throw new Error(`no blob ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of blob.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The full archive with photos: a story's (its cover, a phone's JPEG with GPS), a person's portrait (HEIC), a recording's (PNG), one with no home. */
async function archiveWithPhotos(): Promise<{ options: ArchiveOptions; originals: Map<number, Buffer> }> {
  const base = fullArchive();
  const phone = await jpegPhoto({ exif: PHONE_EXIF });
  const heic = heicPhoto();
  const png = await pngPhoto();
  const loose = await jpegPhoto({ width: 200, height: 100 });
  const display = Buffer.from('the archive display copy is never used');
  const files = {
    phone: 'photos/2019-07-14 Laituri.jpg',
    heic: 'photos/2024-05-01 Pekka.heic',
    png: 'photos/2024-05-01 Kesä mökillä.png',
    loose: 'photos/2024-05-02 kuva.jpg',
  };
  const rows = [
    photoRow(81, files.phone, phone, display, { home: { type: 'story', id: 21 }, caption: 'Laituri <b>1962</b>', position: 1, coverOf: [21], takenOn: '2019-07-14', hasLocation: true }),
    photoRow(82, files.heic, heic, display, { home: { type: 'person', id: 41 }, originalType: 'image/heic', caption: 'Pekka', portraitOf: [41] }),
    photoRow(83, files.png, png, display, { home: { type: 'recording', id: 32 }, originalType: 'image/png', contributorName: 'Pekka', toldIn: [32] }),
    photoRow(84, files.loose, loose, display, { createdAt: '2024-05-02T10:00:00.000Z' }),
  ];
  const photoFiles: Record<string, Buffer> = { [files.phone]: phone, [files.heic]: heic, [files.png]: png, [files.loose]: loose };
  for (const row of rows) photoFiles[row.displayFile] = display;
  return { options: { ...base, rows: { ...base.rows, photos: rows }, photoFiles }, originals: new Map([[81, phone], [82, heic], [83, png], [84, loose]]) };
}

describe('photos come back', () => {
  it('in their homes, order and captions, the cover, portrait and recording links kept, the originals byte for byte and the copies made again', async () => {
    const { options, originals } = await archiveWithPhotos();
    const { settled, userId } = await importInto(options);
    expect(settled.state, JSON.stringify(settled)).toBe('done');
    expect(settled.counts).toMatchObject({ photos: 4 });

    const rows = await db().select().from(photos).where(eq(photos.userId, userId));
    const byCaption = (caption: string) => rows.find((row) => row.caption === caption)!;
    const [lake] = await db().select().from(stories).where(eq(stories.userId, userId)).then((all) => all.filter((s) => s.title === 'My own title'));
    const [pekka] = await db().select().from(people).where(eq(people.userId, userId));
    const cousin = (await db().select().from(recordings).where(eq(recordings.userId, userId))).find((r) => r.contributorName === 'Pekka')!;

    const pier = byCaption('Laituri <b>1962</b>');
    expect(pier).toMatchObject({ storyId: lake.id, position: 1, originalType: 'image/jpeg', takenOn: '2019-07-14', hasLocation: true, width: 320, height: 240 });
    expect(lake.coverPhotoId).toBe(pier.id);
    expect(byCaption('Pekka')).toMatchObject({ personId: pekka.id, originalType: 'image/heic' });
    expect(pekka.portraitPhotoId).toBe(byCaption('Pekka').id);
    const told = rows.find((row) => row.recordingId !== null)!;
    expect(told).toMatchObject({ recordingId: cousin.id, contributorName: 'Pekka', originalType: 'image/png' });
    expect(cousin.aboutPhotoId).toBe(told.id);
    expect(rows.find((row) => row.storyId === null && row.recordingId === null && row.personId === null && row.placeId === null)).toBeDefined();

    const ext = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/heic': 'heic', 'image/webp': 'webp' } as Record<string, string>;
    const archiveIdOf = new Map([
      [pier.id, 81],
      [byCaption('Pekka').id, 82],
      [told.id, 83],
    ]);
    for (const row of rows) {
      const original = await streamBytes(photoKey(userId, row.id, 'original', ext[row.originalType]));
      const archiveId = archiveIdOf.get(row.id) ?? 84;
      expect(sha256(original), `photo ${archiveId}`).toBe(sha256(originals.get(archiveId)!));
      // The display copy is made again from the original: a JPEG without any metadata, not the archive's bytes.
      const display = await streamBytes(photoKey(userId, row.id, 'display'));
      expect(display.subarray(0, 2).toString('hex')).toBe('ffd8');
      expect(await secretsIn(display)).toMatchObject({ gps: false, serial: false });
      expect((await streamBytes(photoKey(userId, row.id, 'thumb'))).subarray(0, 2).toString('hex')).toBe('ffd8');
    }
    // The original keeps where it was taken: it is the owner's own.
    expect(await exifr.gps(await streamBytes(photoKey(userId, pier.id, 'original', 'jpg')))).toMatchObject({ latitude: expect.any(Number) });
  }, 2 * SETTLED);

  it('an archive made before photos (version 1, no photos.json) still imports', async () => {
    const options = emptyArchive();
    const { settled } = await importInto({ ...options, manifest: { version: 1 }, rawData: { photos: null } });
    expect(settled.state, JSON.stringify(settled)).toBe('done');
  }, 2 * SETTLED);
});

describe('a photo that is not what it says refuses the archive, and nothing is left', () => {
  async function expectRefused(options: ArchiveOptions, code: string) {
    const { settled, userId } = await importInto(options);
    expect(settled).toMatchObject({ state: 'failed', errorCode: code, counts: null });
    expect(await db().select().from(photos).where(eq(photos.userId, userId))).toEqual([]);
    expect(await db().select().from(stories).where(eq(stories.userId, userId))).toEqual([]);
    expect(await storedKeys(userId)).toEqual([]);
  }
  /** The full archive with its photos, the phone's original replaced by `bytes` (its row made to match them). */
  async function withOriginal(bytes: Buffer, rowBytes = bytes): Promise<ArchiveOptions> {
    const { options } = await archiveWithPhotos();
    const [phone, ...rest] = options.rows.photos;
    const replaced = { ...phone, sizeBytes: rowBytes.length, sha256: sha256(rowBytes) };
    return { ...options, rows: { ...options.rows, photos: [replaced, ...rest] }, photoFiles: { ...options.photoFiles, [phone.originalFile]: bytes } };
  }

  it('a file that is no picture, named .jpg', async () => {
    await expectRefused(await withOriginal(Buffer.from('<html><script>alert(1)</script></html>')), 'archive_photo_refused');
  }, 2 * SETTLED);

  it('a decompression bomb: its header claims 10 gigapixels', async () => {
    await expectRefused(await withOriginal(liarPng()), 'archive_photo_refused');
  }, 2 * SETTLED);

  it('an original that is not the one its row describes', async () => {
    await expectRefused(await withOriginal(await jpegPhoto({ width: 100, height: 100 }), await pngPhoto()), 'archive_photo_changed');
  }, 2 * SETTLED);

  it("photos that do not fit the account's room for photos (ACCOUNT_PHOTO_MB)", async () => {
    const small = await startTestApp({ LOGIN_RATE_LIMIT: '1000', ACCOUNT_PHOTO_MB: '0.01' }, { engines: fakeOpenAiEngines(fake) });
    try {
      const { client, id: userId } = await signedUpClient(small.url, 'photos-import-small@example.com');
      const settled = await settledImport(client, await uploadArchive(client, await buildArchive((await archiveWithPhotos()).options)), SETTLED);
      expect(settled).toMatchObject({ state: 'failed', errorCode: 'archive_photo_storage_limit', counts: null });
      expect(await small.database.db.select().from(photos).where(eq(photos.userId, userId))).toEqual([]);
      const keys: string[] = [];
      for await (const entry of small.store.list(`users/${userId}/`)) keys.push(entry.key);
      expect(keys).toEqual([]);
      expect(small.backgroundErrors).toEqual([]);
    } finally {
      await small.close();
    }
  }, 2 * SETTLED);

  it('a photo whose original is missing, or two photos claiming one story\'s cover', async () => {
    const { options } = await archiveWithPhotos();
    const [phone, ...rest] = options.rows.photos;
    await expectRefused({ ...options, rows: { ...options.rows, photos: [{ ...phone, originalFile: `${ARCHIVE_PATHS.photos}missing.jpg` }, ...rest] } }, 'archive_missing_file');
    await expectRefused({ ...options, rows: { ...options.rows, photos: [phone, { ...rest[0], coverOf: [21] }, ...rest.slice(1)] } }, 'archive_invalid_data');
    await expectRefused({ ...options, rows: { ...options.rows, photos: [{ ...phone, home: { type: 'place', id: 999 } }, ...rest] } }, 'archive_broken_reference');
    expect(dataFilePath('photos')).toBe('data/photos.json');
  }, 3 * SETTLED);
});
