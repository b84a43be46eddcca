import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { personEnrichedInfoSchema, placeEnrichedInfoSchema } from '../../contract/enriched-info.ts';
import { localTestEngines } from '../../test/support/engines.ts';
import { type HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { people, places, recordingPeople, recordingPlaces } from '../db/schema.ts';

// The refresh-info job on the real local writer with the test-size model, whose answers
// are nonsense: whatever it says, a profile is stored whole and valid, or the old one stays
// and the reason is kept. Never half of one.
let server: TestApp;
let client: HttpClient;
let userId: string;
/** How long the local writer may take (three tries) before the test gives up. */
const SETTLED = 120_000;
const OLD_PROFILE = { personality: 'Kind and patient.' };

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' }, { engines: localTestEngines() });
  ({ client, id: userId } = await signedUpClient(server.url, 'local-enrichment@example.com'));
});
afterAll(async () => {
  await server?.close();
});

it('a person: a valid, non-empty profile, or the old one and a reason', async () => {
  const db = server.database.db;
  const person = await seeder(db).person(userId, 'Anna', 'sister');
  await db.update(people).set({ enrichedInfo: OLD_PROFILE }).where(eq(people.id, person.id));
  const recording = await seeder(db).recording(userId, { transcription: 'My sister Anna loved swimming in the lake near Tampere. She always said: the water is warmest at dawn.' });
  await db.insert(recordingPeople).values({ recordingId: recording.id, personId: person.id });

  expect((await client.post(`/api/people/${person.id}/refresh-info`)).status).toBe(202);
  const row = await waitFor(async () => (await db.select().from(people).where(eq(people.id, person.id)))[0], (r) => !r.enrichmentRefreshing, SETTLED);

  if (row.enrichmentError === null) {
    expect(personEnrichedInfoSchema.strict().parse(row.enrichedInfo)).toEqual(row.enrichedInfo);
    expect(Object.keys(row.enrichedInfo as object).length).toBeGreaterThan(0);
  } else {
    expect(row.enrichmentError).toMatch(/^Failed to refresh information\. \S/);
    expect(row.enrichedInfo).toEqual(OLD_PROFILE);
  }
  expect(server.backgroundErrors).toEqual([]);
});

it('a place: a valid, non-empty profile, or no profile and a reason', async () => {
  const db = server.database.db;
  const place = await seeder(db).place(userId, 'Tampere', 'city');
  const recording = await seeder(db).recording(userId, { transcription: 'In Tampere we lived by the rapids, and the factory chimneys smoked all winter.' });
  await db.insert(recordingPlaces).values({ recordingId: recording.id, placeId: place.id });

  expect((await client.post(`/api/places/${place.id}/refresh-info`)).status).toBe(202);
  const row = await waitFor(async () => (await db.select().from(places).where(eq(places.id, place.id)))[0], (r) => !r.enrichmentRefreshing, SETTLED);

  if (row.enrichmentError === null) {
    expect(placeEnrichedInfoSchema.strict().parse(row.enrichedInfo)).toEqual(row.enrichedInfo);
    expect(Object.keys(row.enrichedInfo as object).length).toBeGreaterThan(0);
  } else {
    expect(row.enrichmentError).toMatch(/^Failed to refresh information\. \S/);
    expect(row.enrichedInfo).toBeNull();
  }
  expect(server.backgroundErrors).toEqual([]);
});
