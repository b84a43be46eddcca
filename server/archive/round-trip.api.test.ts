import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { ArchiveExport } from '../../contract/archive.ts';
import { settledImport, uploadArchive } from '../../test/support/archive-import.ts';
import { localTestEngines } from '../../test/support/engines.ts';
import { type HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { heicPhoto, jpegPhoto, PHONE_EXIF, pngPhoto, uploadPhotos } from '../../test/support/photo-files.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { waitFor } from '../../test/support/wait-for.ts';
import type { PhotoList } from '../../contract/photos.ts';
import { personLabels, placeLabels, recordingPeople, recordingPlaces, autobiographyStories, users, people, photos, recordings, stories } from '../db/schema.ts';
import { narrationAudioKey } from '../recordings/audio-key.ts';
import { ARCHIVE_PATHS, DATA_FILES, type ArchiveDataName } from './format.ts';

// The proof that an archive is the person's own: an account with one of everything is
// exported, the ZIP imported into a fresh account on a fresh server (its own database and
// store), and that account exported again. The two archives hold the same audio bytes, the
// same texts and the same links; only ids, the time of export and what belongs to the old
// server (its published pages and their narrations) differ.
const SETTLED_MS = 90_000;

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  // The engines only run the workers: every recording here is transcribed already, and an import writes nothing again.
  const server = () => startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: localTestEngines() });
  [first, second] = await Promise.all([server(), server()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

/** Exports the account and downloads the ZIP. */
async function exported(client: HttpClient): Promise<Buffer> {
  const started = await client.post('/api/account/export');
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as ArchiveExport;
  const rows = await waitFor(
    async () => (await client.get('/api/account/exports')).json() as Promise<ArchiveExport[]>,
    (list) => ['ready', 'failed'].includes(list.find((row) => row.id === id)?.state ?? ''),
    SETTLED_MS,
    `export ${id} finished`,
  );
  const row = rows.find((r) => r.id === id)!;
  expect(row.state, JSON.stringify(row)).toBe('ready');
  const download = await client.get(row.downloadUrl!);
  expect(download.status).toBe(200);
  return Buffer.from(await download.arrayBuffer());
}

/** An account with one of everything, made on the first server with real audio and photos uploaded through the route. */
async function accountWithEverything(app: TestApp, userId: string, client: HttpClient) {
  const db = app.database.db;
  const seed = seeder(db, app.store);
  const wav = await readFile(CLIPS.english);
  const mp3 = await readFile(CLIPS.jfkMp3);
  const recordingWith = async (audio: Buffer, mimeType: string, extension: string, fields: Parameters<typeof seed.recording>[1]) => {
    const row = await seed.recording(userId, { ...fields, sizeBytes: audio.length, mimeType });
    const audioKey = `users/${userId}/recordings/round-trip-${row.id}.${extension}`;
    await app.store.put(audioKey, audio, mimeType);
    await db.execute(sql`update recordings set audio_key = ${audioKey} where id = ${row.id}`);
    return row;
  };
  const at = (day: string) => new Date(`${day}T10:00:00Z`);

  const childhood = await seed.chapter(userId, 'Lapsuus', { description: 'Järven rannalla', orderIndex: 0, createdAt: at('2024-01-02') });
  await seed.chapter(userId, 'Work', { orderIndex: 1, createdAt: at('2024-01-03') });
  const lake = await seed.story(userId, {
    title: 'Kesä Päijänteellä',
    content: 'Soudimme joka aamu järven yli.\n\nMummo odotti rannalla.',
    language: 'fi',
    chapterId: childhood.id,
    chapterOrder: 0,
    temporalType: 'year_span',
    year: 1952,
    endYear: 1955,
    titleEditedAt: at('2024-02-01'),
    contentEditedAt: at('2024-02-02'),
    promptQuestion: 'Where did you spend your summers?',
    questionId: 'childhood-summers',
    metadata: { people: ['Aunt Helmi'], locations: ['Päijänne'], dates: ['1952'], storyType: 'childhood' },
    createdAt: at('2024-01-10'),
  });
  const speech = await seed.story(userId, { title: 'A speech', content: 'Ask not.', createdAt: at('2024-03-01'), storyStyle: 'intimate_biographical', tone: 'nostalgic', onlyMe: true });
  const first = await recordingWith(wav, 'audio/wav', 'wav', {
    storyId: lake.id,
    processingStatus: 'transcribed',
    transcription: 'We rowed across the lake every morning.',
    transcriptionSegments: [
      { start: 0, end: 1.5, text: 'We rowed across' },
      { start: 1.5, end: 3.2, text: 'the lake every morning.' },
    ],
    transcriptionEditedAt: at('2024-01-11'),
    transcriptTimings: {
      source: 'words',
      sentences: [
        {
          text: 'We rowed across the lake every morning.',
          start: 0.2,
          end: 3.2,
          words: 'We rowed across the lake every morning.'.split(' ').map((text, i) => ({ text, start: 0.2 + i * 0.4, end: 0.6 + i * 0.4 })),
        },
      ],
    },
    createdAt: at('2024-01-10'),
  });
  await recordingWith(mp3, 'audio/mpeg', 'mp3', { storyId: speech.id, processingStatus: 'transcribed', transcription: 'Ask not.', createdAt: at('2024-03-01') });
  // A co-author's contribution: theirs by name in the owner's archive.
  const link = await seed.coAuthorToken(userId, lake.id);
  const cousin = await recordingWith(wav, 'audio/wav', 'wav', {
    storyId: lake.id,
    orderIndex: 1,
    processingStatus: 'transcribed',
    transcription: 'I remember the boat too.',
    contributorName: 'Serkku Veikko',
    coAuthorTokenId: link.id,
    createdAt: at('2024-01-12'),
  });
  // Where the lake story's paragraphs were said: the first from the teller, the second from the cousin and the teller.
  await db
    .update(stories)
    .set({
      paragraphSources: [
        [{ recordingId: first.id, start: 0.2, end: 3.2 }],
        [
          { recordingId: cousin.id, start: 0, end: 1.4 },
          { recordingId: first.id, start: 1.6, end: 2.4 },
        ],
      ],
    })
    .where(sql`id = ${lake.id}`);
  // A take that belongs to no story, told about a person.
  const helmi = await seed.person(userId, 'Aunt Helmi', 'aunt');
  const paijanne = await seed.place(userId, 'Päijänne', 'lake');
  const aside = await recordingWith(wav, 'audio/wav', 'wav', { processingStatus: 'transcribed', transcription: 'Helmi baked bread.', createdAt: at('2024-01-15') });
  await db.insert(recordingPeople).values([
    { recordingId: first.id, personId: helmi.id },
    { recordingId: aside.id, personId: helmi.id },
  ]);
  await db.insert(recordingPlaces).values({ recordingId: first.id, placeId: paijanne.id });
  await db.insert(personLabels).values({ personId: helmi.id, label: 'Helmi-täti' });
  await db.insert(placeLabels).values({ placeId: paijanne.id, label: 'the lake' });
  await seed.followUpQuestion(userId, lake.id, 'Who rowed with you?', { createdAt: at('2024-01-20') });
  await seed.followUpQuestion(userId, lake.id, 'What was the boat called?', { isAnswered: true, answeredAt: at('2024-03-02'), answerStoryId: speech.id, createdAt: at('2024-01-21') });
  const book = await seed.autobiography(userId, 'Elämäni', {
    processingStatus: 'generated',
    language: 'fi',
    content: '# Lapsuus\n\nSoudimme.',
    chapters: [{ title: 'Lapsuus', content: 'Soudimme.', storyIds: [lake.id], removed: [] }],
    createdAt: at('2024-04-01'),
  });
  await db.insert(autobiographyStories).values({ autobiographyId: book.id, storyId: lake.id, position: 0 });
  // Published with a narration: in the first archive; a new server has neither.
  const published = await seed.publishedStory(userId, speech.id, 'a-speech', { narrationId: 'n-1', audioStatus: 'ready' });
  const narrationKey = narrationAudioKey(userId, published.id);
  await app.store.put(narrationKey, mp3, 'audio/mpeg');
  await db.execute(sql`update published_stories set audio_key = ${narrationKey} where id = ${published.id}`);
  await db.update(users).set({ authorName: 'Aino' }).where(sql`id = ${userId}`);

  // Photos: a phone's JPEG (GPS and all) and a PNG in the lake story, the PNG its cover; a HEIC
  // portrait; a place's; one told about in a recording; a relative's; one with no home yet.
  const upload = async (url: string, bytes: Buffer, type: string, caption = '') => {
    const response = await uploadPhotos(client, url, [{ bytes, type }], caption ? { caption } : {});
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as PhotoList).photos[0];
  };
  await upload(`/api/stories/${lake.id}/photos`, await jpegPhoto({ exif: PHONE_EXIF }), 'image/jpeg', 'Laituri 1952');
  const cover = await upload(`/api/stories/${lake.id}/photos`, await pngPhoto(), 'image/png');
  const portrait = await upload(`/api/people/${helmi.id}/photos`, heicPhoto(), 'image/heic', 'Helmi');
  await upload(`/api/places/${paijanne.id}/photos`, await jpegPhoto({ width: 400, height: 200 }), 'image/jpeg', 'Päijänne');
  const boat = await upload(`/api/recordings/${first.id}/photos`, await jpegPhoto({ width: 100, height: 100 }), 'image/jpeg', 'Vene');
  const cousins = await upload(`/api/stories/${lake.id}/photos`, await jpegPhoto({ width: 150, height: 100 }), 'image/jpeg', 'Serkut');
  await upload('/api/photos', await jpegPhoto({ width: 120, height: 90 }), 'image/jpeg');
  // Set in the rows: choosing a cover and a portrait, telling about a photo and a relative's upload are other routes'.
  await db.update(stories).set({ coverPhotoId: cover.id }).where(sql`id = ${lake.id}`);
  await db.update(people).set({ portraitPhotoId: portrait.id }).where(sql`id = ${helmi.id}`);
  await db.update(recordings).set({ aboutPhotoId: boat.id }).where(sql`id = ${aside.id}`);
  await db.update(photos).set({ contributorName: 'Serkku Veikko' }).where(sql`id = ${cousins.id}`);
}

type Zip = Map<string, Buffer>;
async function unzipped(bytes: Buffer): Promise<Zip> {
  const zip = await JSZip.loadAsync(bytes);
  const files: Zip = new Map();
  for (const file of Object.values(zip.files)) if (!file.dir) files.set(file.name, await file.async('nodebuffer'));
  return files;
}

/** What belongs to the server the archive came from, not to the person: left out of the comparison. */
const fromTheOldServer = (name: string) => name.startsWith(ARCHIVE_PATHS.narrations);

type Row = Record<string, unknown>;
const json = (zip: Zip, name: string) => JSON.parse(zip.get(name)!.toString('utf8'));

/**
 * The data files with every archive id replaced by what it names (a story by its Markdown
 * file, a recording by its audio file, a person or place by name...), and the old server's
 * published page and narration left out: what must be equal across servers.
 */
function comparableData(zip: Zip): Record<ArchiveDataName, Row[]> {
  const data = Object.fromEntries(DATA_FILES.map((name) => [name, json(zip, `${ARCHIVE_PATHS.data}${name}.json`) as Row[]])) as Record<ArchiveDataName, Row[]>;
  const keyOf = (rows: Row[], field: string) => new Map(rows.map((row) => [row.id as number, row[field] as string]));
  const chapter = keyOf(data.chapters, 'title');
  const story = keyOf(data.stories, 'markdownFile');
  const recording = keyOf(data.recordings, 'audioFile');
  const person = keyOf(data.people, 'name');
  const place = keyOf(data.places, 'name');
  const homes = { story, recording, person, place } as Record<string, Map<number, string>>;
  const named = (map: Map<number, string>, id: unknown) => (id == null ? null : (map.get(id as number) ?? `missing ${String(id)}`));
  const without = ({ id: _id, ...row }: Row) => row;
  return {
    chapters: data.chapters.map(without),
    stories: data.stories.map((row) => ({
      ...without(row),
      chapterId: named(chapter, row.chapterId),
      paragraphSources: (row.paragraphSources as { recordingId: number }[][] | null)?.map((spans) => spans.map((span) => ({ ...span, recordingId: named(recording, span.recordingId) }))),
      published: undefined,
      narrationFile: undefined,
    })),
    recordings: data.recordings.map((row) => ({
      ...without(row),
      storyId: named(story, row.storyId),
      peopleIds: (row.peopleIds as number[]).map((id) => named(person, id)),
      placeIds: (row.placeIds as number[]).map((id) => named(place, id)),
    })),
    people: data.people.map(without),
    places: data.places.map(without),
    'follow-up-questions': data['follow-up-questions'].map((row) => ({
      ...without(row),
      storyId: named(story, row.storyId),
      answerStoryId: named(story, row.answerStoryId),
      answerRecordingId: named(recording, row.answerRecordingId),
    })),
    'interview-answers': data['interview-answers'].map((row) => ({ ...row, storyId: named(story, row.storyId), recordingId: named(recording, row.recordingId) })),
    photos: data.photos.map((row) => {
      const home = row.home as { type: string; id: number } | null;
      return {
        ...without(row),
        home: home ? { type: home.type, id: named(homes[home.type], home.id) } : null,
        coverOf: (row.coverOf as number[]).map((id) => named(story, id)),
        portraitOf: (row.portraitOf as number[]).map((id) => named(person, id)),
        toldIn: (row.toldIn as number[]).map((id) => named(recording, id)),
      };
    }),
    autobiographies: data.autobiographies.map((row) => ({
      ...without(row),
      storyIds: (row.storyIds as number[]).map((id) => named(story, id)),
      chapters: (row.chapters as Row[]).map((c) => ({ ...c, storyIds: ((c.storyIds as number[] | undefined) ?? []).map((id) => named(story, id)) })),
    })),
  };
}

/** A story's Markdown: its front matter without the old server's published link, and its text. */
function comparableStory(markdown: string) {
  const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(markdown) ?? [];
  expect(front, 'front matter').toBeDefined();
  const { published: _published, ...rest } = parseYaml(front!) as Row;
  return { front: rest, body };
}

it('an account exported, imported into a fresh account on a fresh server and exported again gives the same archive', async () => {
  const owner = await signedUpClient(first.url, 'teller@example.com');
  await accountWithEverything(first, owner.id, owner.client);
  const archive = await exported(owner.client);
  const before = await unzipped(archive);

  const mover = await signedUpClient(second.url, 'moved@example.com');
  const importId = await uploadArchive(mover.client, archive);
  const settled = await settledImport(mover.client, importId, SETTLED_MS);
  expect(settled.state, JSON.stringify(settled)).toBe('done');
  const after = await unzipped(await exported(mover.client));

  // The same files, by the same names (books and pages included), but the old server's narrations.
  const names = (zip: Zip) => [...zip.keys()].filter((name) => !fromTheOldServer(name)).sort();
  expect(names(after)).toEqual(names(before));
  expect([...before.keys()].some(fromTheOldServer), 'the first archive has the narration').toBe(true);
  expect(names(before).filter((name) => name.startsWith(ARCHIVE_PATHS.recordings))).toHaveLength(4);
  expect(names(before).filter((name) => name.startsWith(ARCHIVE_PATHS.photos))).toHaveLength(7);

  // Audio, transcripts and photos (the originals, and the display copies made again from them) byte for byte; the README the same.
  const sameBytes = (n: string) =>
    [ARCHIVE_PATHS.recordings, ARCHIVE_PATHS.transcripts, ARCHIVE_PATHS.photos, ARCHIVE_PATHS.sitePhotos].some((folder) => n.startsWith(folder)) || n === ARCHIVE_PATHS.readme;
  for (const name of names(before).filter(sameBytes)) {
    expect(after.get(name)!.equals(before.get(name)!), name).toBe(true);
  }
  // Stories: the same front matter and text.
  for (const name of names(before).filter((n) => n.startsWith(ARCHIVE_PATHS.stories))) {
    expect(comparableStory(after.get(name)!.toString('utf8')), name).toEqual(comparableStory(before.get(name)!.toString('utf8')));
  }
  // Every row and every link between rows, ids aside.
  expect(comparableData(after)).toEqual(comparableData(before));
  // The voice came along: the timed transcript (its subtitles a cue per timed sentence) and the story's "hear it" spans.
  const timedOf = (zip: Zip) => (json(zip, `${ARCHIVE_PATHS.data}recordings.json`) as Row[]).filter((row) => row.timings).map((row) => row.transcription);
  expect([timedOf(before), timedOf(after)]).toEqual([['We rowed across the lake every morning.'], ['We rowed across the lake every morning.']]);
  const sourcesOf = (zip: Zip) => comparableData(zip).stories.find((row) => row.title === 'Kesä Päijänteellä')!.paragraphSources;
  expect(sourcesOf(after)).toEqual(sourcesOf(before));
  expect((sourcesOf(before) as unknown[][]).map((spans) => spans.length)).toEqual([1, 2]);
  const timedVtt = names(before).find((name) => name.endsWith('.vtt') && before.get(name)!.toString('utf8').includes('We rowed across the lake'))!;
  expect(before.get(timedVtt)!.toString('utf8')).toContain('00:00:00.200 --> 00:00:03.200\nWe rowed across the lake every morning.');
  const manifest = (zip: Zip) => {
    const { exportedAt: _at, ...rest } = json(zip, ARCHIVE_PATHS.manifest) as Row;
    return rest;
  };
  expect(manifest(after).counts).toEqual(manifest(before).counts);
  // The published page was the first server's: the second archive has none.
  const publishedOf = (zip: Zip) => (json(zip, `${ARCHIVE_PATHS.data}stories.json`) as Row[]).filter((row) => row.published).length;
  expect([publishedOf(before), publishedOf(after)]).toEqual([1, 0]);
  // "Only me" stays only me: a story hidden from the family is not shown to a new circle after a move.
  const onlyMeOf = (zip: Zip) => (json(zip, `${ARCHIVE_PATHS.data}stories.json`) as Row[]).filter((row) => row.onlyMe === true).map((row) => row.title);
  expect([onlyMeOf(before), onlyMeOf(after)]).toEqual([['A speech'], ['A speech']]);
  // The written stories reach the new account's family circle as they had reached the old one's; no other.
  const moved = await second.database.db.select().from(stories).where(eq(stories.userId, mover.id));
  expect(moved.filter((story) => story.sharedWithFamilyAt !== null).map((story) => story.title).sort()).toEqual(
    moved.filter((story) => story.processingStatus === 'generated').map((story) => story.title).sort(),
  );
  expect(moved.some((story) => story.processingStatus === 'generated')).toBe(true);
  // The photos kept their homes, order, captions and links (compared above); the links are really there.
  const photoRows = json(after, `${ARCHIVE_PATHS.data}photos.json`) as Row[];
  expect(photoRows.filter((row) => (row.coverOf as number[]).length).map((row) => row.originalType)).toEqual(['image/png']);
  expect(photoRows.filter((row) => (row.portraitOf as number[]).length).map((row) => row.originalType)).toEqual(['image/heic']);
  expect(photoRows.filter((row) => (row.toldIn as number[]).length).map((row) => row.caption)).toEqual(['Vene']);
  expect(photoRows.filter((row) => row.contributorName).map((row) => row.caption)).toEqual(['Serkut']);
}, 3 * SETTLED_MS);
