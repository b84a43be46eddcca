import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { people, photos, recordings, stories } from '../../db/schema.ts';
import { readPhotoCopy } from '../../photos/photo-copies-store.ts';
import type { BlobStore } from '../../storage/index.ts';
import type { ArchivePhoto, archivePhotoSchema } from '../format.ts';
import type { AccountIndex } from './account-index.ts';
import { archivePhoto } from './archive-rows.ts';
import { DigestingStream, MissingBlobError } from './blob-entry.ts';
import type { archiveNamer } from './file-names.ts';
import type { JsonArrayFile } from './json-array-file.ts';
import { keysetPages } from './keyset-pages.ts';
import type { ZipWriter } from './zip-writer.ts';

type PhotoRow = typeof photos.$inferSelect;

/** Where a story's photo stands among the story's photos: its own first by position, then its recordings' in their order. */
interface StoryPhoto {
  photoId: number;
  file: string;
  rank: number[];
}

/** Each story's photos, as its front matter names them. */
export class StoryPhotos {
  private readonly byStory = new Map<number, StoryPhoto[]>();

  add(storyId: number, photo: StoryPhoto) {
    const list = this.byStory.get(storyId);
    if (list) list.push(photo);
    else this.byStory.set(storyId, [photo]);
  }

  /** The story's photos' original files: its cover first, then in their order. */
  filesOf(storyId: number, coverPhotoId: number | null): string[] {
    const list = [...(this.byStory.get(storyId) ?? [])].sort((a, b) => compareRanks(a.rank, b.rank));
    const cover = list.findIndex((photo) => photo.photoId === coverPhotoId);
    if (cover > 0) list.unshift(...list.splice(cover, 1));
    return list.map((photo) => photo.file);
  }
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/** Adds one stored copy of a photo to the ZIP, streamed from the store, its SHA-256 taken on the way. */
async function addCopy(zip: ZipWriter, store: BlobStore, row: PhotoRow, size: 'original' | 'display', name: string) {
  let digest: { sha256: string; sizeBytes: number } | undefined;
  await zip.add(
    name,
    async () => {
      const copy = await readPhotoCopy(store, row, size).catch(() => {
        throw new MissingBlobError(`photo ${row.id} ${size}`);
      });
      const digesting = new DigestingStream();
      copy.body.once('error', (error) => digesting.destroy(error));
      digesting.once('end', () => (digest = digesting.result()));
      return copy.body.pipe(digesting);
    },
    // JPEG, PNG, WebP and HEIC are compressed already.
    { compress: false },
  );
  if (!digest) throw new MissingBlobError(`photo ${row.id} ${size}`);
  return digest;
}

/** What points at a page of photos: covers, portraits, recordings told about them, and the recordings they belong to. */
async function photoLinks(db: Database, userId: string, page: PhotoRow[]) {
  const ids = page.map((row) => row.id);
  const homeRecordings = page.map((row) => row.recordingId).filter((id): id is number => id !== null);
  const [covers, portraits, told, homes] = await Promise.all([
    db.select({ id: stories.id, photoId: stories.coverPhotoId }).from(stories).where(and(eq(stories.userId, userId), inArray(stories.coverPhotoId, ids))),
    db.select({ id: people.id, photoId: people.portraitPhotoId }).from(people).where(and(eq(people.userId, userId), inArray(people.portraitPhotoId, ids))),
    db.select({ id: recordings.id, photoId: recordings.aboutPhotoId }).from(recordings).where(and(eq(recordings.userId, userId), inArray(recordings.aboutPhotoId, ids))),
    homeRecordings.length
      ? db.select({ id: recordings.id, storyId: recordings.storyId, order: recordings.orderIndex }).from(recordings).where(inArray(recordings.id, homeRecordings))
      : Promise.resolve([]),
  ]);
  const idsBy = (rows: { id: number; photoId: number | null }[]) => {
    const map = new Map<number, number[]>();
    for (const { id, photoId } of [...rows].sort((a, b) => a.id - b.id)) map.set(photoId!, [...(map.get(photoId!) ?? []), id]);
    return map;
  };
  return { coverOf: idsBy(covers), portraitOf: idsBy(portraits), toldIn: idsBy(told), recording: new Map(homes.map((row) => [row.id, row])) };
}

/**
 * Every photo of the account, a page at a time in creation order: its original (as uploaded,
 * the owner's own, camera data and all) under photos/, its display copy (no metadata) under
 * site/photos/ for the offline site, both stored as they are and streamed one at a time, and
 * its row in photos.json. Answers the rows the offline site shows and each story's photos.
 */
export async function writePhotos(
  deps: { db: Database; store: BlobStore },
  zip: ZipWriter,
  file: JsonArrayFile<typeof archivePhotoSchema>,
  account: AccountIndex,
  names: ReturnType<typeof archiveNamer>,
  userId: string,
  checkpoint: () => void,
  step: () => Promise<void>,
): Promise<{ sitePhotos: ArchivePhoto[]; storyPhotos: StoryPhotos }> {
  const { db, store } = deps;
  const sitePhotos: ArchivePhoto[] = [];
  const storyPhotos = new StoryPhotos();
  const personName = new Map(account.people.map((person) => [person.id, person.name]));
  const placeName = new Map(account.places.map((place) => [place.id, place.name]));
  for await (const page of keysetPages(db, photos, userId, 200)) {
    const links = await photoLinks(db, userId, page);
    for (const row of page) {
      checkpoint();
      const recording = row.recordingId === null ? undefined : links.recording.get(row.recordingId);
      const storyId = row.storyId ?? recording?.storyId ?? null;
      const homeTitle =
        (storyId !== null ? account.storyTitles.get(storyId) : undefined) ??
        (row.personId !== null ? personName.get(row.personId) : undefined) ??
        (row.placeId !== null ? placeName.get(row.placeId) : undefined) ??
        '';
      const files = names.photo(row.takenOn ?? row.createdAt, row.caption.trim() || homeTitle, row.originalType);
      const original = await addCopy(zip, store, row, 'original', files.originalFile);
      const display = await addCopy(zip, store, row, 'display', files.displayFile);
      const photo = archivePhoto(
        row,
        { originalFile: files.originalFile, ...original, displayFile: files.displayFile, displaySha256: display.sha256 },
        { coverOf: links.coverOf.get(row.id) ?? [], portraitOf: links.portraitOf.get(row.id) ?? [], toldIn: links.toldIn.get(row.id) ?? [] },
      );
      await file.push(photo);
      sitePhotos.push(photo);
      if (storyId !== null) {
        const rank = row.storyId !== null ? [0, 0, 0, row.position, row.id] : [1, recording?.order ?? 0, row.recordingId ?? 0, row.position, row.id];
        storyPhotos.add(storyId, { photoId: row.id, file: files.originalFile, rank });
      }
      await step();
    }
  }
  return { sitePhotos, storyPhotos };
}
