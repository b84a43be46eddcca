import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { HttpClient, ownerAndStranger, uploadForm } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { recordingPeople, recordingPlaces, recordings } from '../db/schema.ts';

// POST /api/people/{id}/recordings and /api/places/{id}/recordings (spec 7.9, 7.10): the
// person or place screen's recorder sends a wav named recording.wav.
let server: TestApp;
let owner: HttpClient;
let stranger: HttpClient;
let ownerId: string;
let strangerId: string;
let clips: { dir: string; remove: () => Promise<void> };
let jfkWav: Buffer;

const storedKeys = async () => {
  const keys: string[] = [];
  for await (const blob of server.store.list('')) keys.push(blob.key);
  return keys;
};

const uploadAbout = (client: HttpClient, kind: 'people' | 'places', id: number, bytes: Buffer, fields: Record<string, string> = {}) =>
  uploadForm(
    client,
    `/api/${kind}/${id}/recordings`,
    { language: 'en', appLanguage: 'en', contextType: kind === 'people' ? 'person' : 'place', contextId: String(id), ...fields },
    { bytes, filename: 'recording.wav', type: 'audio/wav' },
  );

beforeAll(async () => {
  clips = await clipDir();
  jfkWav = readFileSync(await encodeClip(CLIPS.jfk, 'wav-44k-stereo', clips.dir));
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  ({ owner, ownerId, stranger, strangerId } = await ownerAndStranger(server.url));
});
afterAll(async () => {
  await server?.close();
  await clips?.remove();
});

describe('recordings about a person or a place', () => {
  it('stores a wav about a person, linked to them, in no story, waiting for its transcription', async () => {
    const person = await seeder(server.database.db).person(ownerId, 'Aunt Helmi', 'aunt');
    const response = await uploadAbout(owner, 'people', person.id, jfkWav);
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ recording: { id: expect.any(Number), processingStatus: 'uploaded' }, story: null, isContextOnly: true });

    const [row] = await server.database.db.select().from(recordings).where(eq(recordings.id, body.recording.id));
    expect(row).toMatchObject({ storyId: null, mimeType: 'audio/wav', sizeBytes: jfkWav.length, filename: 'recording.wav' });
    expect(row.duration).toBeGreaterThan(10.5);
    expect(await server.store.size(row.audioKey)).toBe(jfkWav.length);
    const links = await server.database.db.select().from(recordingPeople).where(eq(recordingPeople.recordingId, row.id));
    expect(links).toEqual([{ recordingId: row.id, personId: person.id }]);
  });

  it('stores a wav about a place, linked to it; the path decides whatever the form says', async () => {
    const place = await seeder(server.database.db).place(ownerId, 'Grandmother\'s cottage', 'house');
    const other = await seeder(server.database.db).place(ownerId, 'The harbour', 'harbor');
    const response = await uploadAbout(owner, 'places', place.id, jfkWav, { contextId: String(other.id), contextType: 'new_story' });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ story: null, isContextOnly: true });
    const links = await server.database.db.select().from(recordingPlaces).where(eq(recordingPlaces.recordingId, body.recording.id));
    expect(links).toEqual([{ recordingId: body.recording.id, placeId: place.id }]);
  });

  it.each(['people', 'places'] as const)('another user\'s %s: 404, and nothing is stored', async (kind) => {
    const seed = seeder(server.database.db);
    const theirs = kind === 'people' ? await seed.person(strangerId, 'Not yours') : await seed.place(strangerId, 'Not yours');
    const rowsBefore = (await server.database.db.select({ id: recordings.id }).from(recordings)).length;
    const keysBefore = await storedKeys();

    const response = await uploadAbout(owner, kind, theirs.id, jfkWav);
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('not_found');
    expect((await server.database.db.select({ id: recordings.id }).from(recordings)).length).toBe(rowsBefore);
    expect(await storedKeys()).toEqual(keysBefore);
    // The owner may.
    expect((await uploadAbout(stranger, kind, theirs.id, jfkWav)).status).toBe(201);
  });

  it.each(['people', 'places'] as const)('unauthenticated on %s: 401 before the body is read', async (kind) => {
    const person = await seeder(server.database.db).person(ownerId, 'Anyone');
    const response = await uploadAbout(new HttpClient(server.url), kind, person.id, Buffer.from('not audio'));
    expect(response.status).toBe(401);
  });

  it.each(['people', 'places'] as const)('bad audio about %s: 400 as every upload, nothing kept', async (kind) => {
    const seed = seeder(server.database.db);
    const row = kind === 'people' ? await seed.person(ownerId, 'Uncle Veikko') : await seed.place(ownerId, 'Tampere');
    const keysBefore = await storedKeys();
    const response = await uploadAbout(owner, kind, row.id, Buffer.from('this is not audio at all, just words in a file'));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'unprocessable_audio', message: expect.stringContaining('Unable to process the audio') });
    expect(await storedKeys()).toEqual(keysBefore);
  });
});
