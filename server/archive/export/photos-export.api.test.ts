import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import JSZip from 'jszip';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { PhotoList } from '../../../contract/photos.ts';
import { type HttpClient, signedUpClient } from '../../../test/support/http-client.ts';
import { jpegPhoto, PHONE_EXIF, pngPhoto, uploadPhotos } from '../../../test/support/photo-files.ts';
import { seeder } from '../../../test/support/seed.ts';
import { secretsIn } from '../../../test/support/photo-secrets.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { eq } from 'drizzle-orm';
import { autobiographyStories, people, stories } from '../../db/schema.ts';
import { archiveDataSchemas, dataFilePath } from '../format.ts';
import { writeArchive } from './write-archive.ts';

// Photos in the archive, uploaded through the real route: every original as uploaded (its
// camera data, GPS included, is the owner's own) under photos/ with its row in photos.json;
// the offline site's pages show only the display copies, and the bytes they load carry no GPS
// and no camera data; a story's front matter names its photos; the books carry them.
let server: TestApp;
let work: string;
let owner: HttpClient;
let ownerId: string;
let made: { phone: Buffer; png: Buffer; portrait: Buffer; storyId: number; recordingId: number; personId: number };

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'saaga-photos-export-'));
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  ({ client: owner, id: ownerId } = await signedUpClient(server.url, 'photographer@example.com', 'fi'));
  const seed = seeder(server.database.db, server.store);
  const story = await seed.story(ownerId, { title: 'Kesä mökillä', content: 'Soudimme joka aamu.' });
  const recording = await seed.recording(ownerId, { storyId: story.id, processingStatus: 'transcribed', transcription: 'Soudimme.' });
  const person = await seed.person(ownerId, 'Mummo', 'grandmother');
  const phone = await jpegPhoto({ exif: PHONE_EXIF });
  const png = await pngPhoto();
  const portrait = await jpegPhoto({ width: 200, height: 300, exif: PHONE_EXIF });
  const upload = async (url: string, bytes: Buffer, caption: string, type = 'image/jpeg') => {
    const response = await uploadPhotos(owner, url, [{ bytes, type }], { caption });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as PhotoList).photos[0];
  };
  await upload(`/api/stories/${story.id}/photos`, phone, 'Laituri 1965');
  const cover = await upload(`/api/stories/${story.id}/photos`, png, '', 'image/png');
  // Chosen as the story's cover and the person's portrait (set in the rows: the choosing is the core's route).
  await server.database.db.update(stories).set({ coverPhotoId: cover.id }).where(eq(stories.id, story.id));
  await upload(`/api/recordings/${recording.id}/photos`, await jpegPhoto({ width: 100, height: 100 }), 'Vene');
  const mummo = await upload(`/api/people/${person.id}/photos`, portrait, 'Mummo 1960');
  await server.database.db.update(people).set({ portraitPhotoId: mummo.id }).where(eq(people.id, person.id));
  const book = await seed.autobiography(ownerId, 'Elämäni', {
    language: 'fi',
    processingStatus: 'generated',
    chapters: [{ title: 'Lapsuus', storyIds: [story.id], content: 'Kesällä soudimme.', removed: [] }],
  });
  await server.database.db.insert(autobiographyStories).values({ autobiographyId: book.id, storyId: story.id, position: 0 });
  made = { phone, png, portrait, storyId: story.id, recordingId: recording.id, personId: person.id };
}, 120_000);
afterEach(() => {
  expect(server.backgroundErrors).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function exportedEntries(): Promise<Map<string, Buffer>> {
  const file = path.join(work, `archive-${Date.now()}.zip`);
  await writeArchive({ db: server.database.db, store: server.store }, { userId: ownerId, language: 'fi', exportedAt: new Date() }, file, { onProgress: async () => undefined });
  const zip = await JSZip.loadAsync(await readFile(file));
  const entries = new Map<string, Buffer>();
  for (const entry of Object.values(zip.files)) if (!entry.dir) entries.set(entry.name, await entry.async('nodebuffer'));
  return entries;
}

describe('photos in the archive', () => {
  it('every original as uploaded under photos/, named by the day taken and the caption, with its row and checksums', async () => {
    const entries = await exportedEntries();
    const rows = archiveDataSchemas.photos.parse(JSON.parse(entries.get(dataFilePath('photos'))!.toString('utf8')));
    expect(rows).toHaveLength(4);
    const pier = rows.find((row) => row.caption === 'Laituri 1965')!;
    expect(pier).toMatchObject({ home: { type: 'story', id: made.storyId }, position: 0, takenOn: '2019-07-14', hasLocation: true, originalType: 'image/jpeg', originalFile: 'photos/2019-07-14 Laituri 1965.jpg', displayFile: 'site/photos/2019-07-14 Laituri 1965.jpg' });
    expect(entries.get(pier.originalFile)!.equals(made.phone)).toBe(true);
    expect(pier.sha256).toBe(sha256(made.phone));
    expect(pier.displaySha256).toBe(sha256(entries.get(pier.displayFile)!));
    // Named by what it belongs to when it has no caption; the cover, portrait and recording links named.
    const cover = rows.find((row) => row.originalType === 'image/png')!;
    expect(cover).toMatchObject({ caption: '', coverOf: [made.storyId], position: 1 });
    expect(cover.originalFile).toMatch(/^photos\/\d{4}-\d{2}-\d{2} Kesä mökillä\.png$/);
    expect(entries.get(cover.originalFile)!.equals(made.png)).toBe(true);
    expect(rows.find((row) => row.caption === 'Mummo 1960')).toMatchObject({ home: { type: 'person', id: made.personId }, portraitOf: [made.personId] });
    expect(rows.find((row) => row.caption === 'Vene')).toMatchObject({ home: { type: 'recording', id: made.recordingId } });
    // The original keeps its GPS: it is the owner's own.
    expect(await exifr.gps(entries.get(pier.originalFile)!)).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number) });
  });

  it("a story's front matter names its photos: the cover first, then its own, then its recordings'", async () => {
    const entries = await exportedEntries();
    const markdown = [...entries].find(([name]) => name.startsWith('stories/') && name.includes('Kesä mökillä'))![1].toString('utf8');
    const front = parseYaml(/^---\n([\s\S]*?)\n---\n/.exec(markdown)![1]) as { photos: string[] };
    expect(front.photos).toHaveLength(3);
    expect(front.photos[0]).toMatch(/Kesä mökillä\.png$/);
    expect(front.photos.slice(1)).toEqual(['photos/2019-07-14 Laituri 1965.jpg', expect.stringMatching(/ Vene\.jpg$/)]);
  });

  it('the offline pages show only display copies, and the bytes they load carry no GPS and no camera data', async () => {
    const entries = await exportedEntries();
    const pages = [...entries].filter(([name]) => name.endsWith('.html'));
    const shown = new Set<string>();
    for (const [name, bytes] of pages) {
      for (const [, src] of bytes.toString('utf8').matchAll(/<img src="([^"]+)"/g)) {
        const target = decodeURIComponent(new URL(src.replace(/&amp;/g, '&'), new URL(name.split('/').map(encodeURIComponent).join('/'), 'file:///a/')).pathname.slice(3));
        expect(target, name).toMatch(/^site\/photos\//);
        shown.add(target);
      }
    }
    // The story page shows its three, the person page the portrait.
    expect(shown.size).toBe(4);
    for (const target of shown) {
      const served = entries.get(target)!;
      expect(served, target).toBeDefined();
      expect(await secretsIn(served), target).toEqual({ gps: false, serial: false, exif: false });
    }
  });

  it("the books in the archive carry the story's photos, without GPS", async () => {
    const entries = await exportedEntries();
    const epub = await JSZip.loadAsync([...entries].find(([name]) => name.endsWith('.epub'))![1]);
    const images = Object.values(epub.files).filter((file) => !file.dir && file.name.startsWith('OEBPS/images/'));
    expect(images).toHaveLength(3);
    for (const image of images) expect(await secretsIn(await image.async('nodebuffer')), image.name).toMatchObject({ gps: false, serial: false });
    const pdf = [...entries].find(([name]) => name.endsWith('.pdf'))![1];
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(3);
  });

  it('a photo whose stored original is missing fails the export rather than leaving it out', async () => {
    const keys: string[] = [];
    for await (const entry of server.store.list(`users/${ownerId}/photos/`)) keys.push(entry.key);
    const original = keys.find((key) => key.endsWith('original.png'))!;
    const bytes = made.png;
    await server.store.delete(original);
    try {
      await expect(exportedEntries()).rejects.toThrow(/missing/);
    } finally {
      await server.store.put(original, bytes, 'image/png');
    }
  });
});
