import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familyReader } from '../../test/support/family.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { familyMembers, familyQuestions, people, places, recordingPeople, recordingPlaces, stories, storyComments } from '../db/schema.ts';
import type { ResourceKind } from './policies.ts';
import type { RouteEntry } from './route-table.ts';

// The family reader's side of the route table (issue 28), generated like route-table.api.test.ts:
// a route added tomorrow is covered the day it is added.
let server: TestApp;
let routes: RouteEntry[];
beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '1000', CONTRIBUTION_RATE_LIMIT: '1000' });
  routes = server.app.routeTable.filter((route) => route.method !== 'HEAD');
});
afterAll(() => server?.close());

const readerRoutes = () => routes.filter((route) => route.access === 'reader');
/** The owner's routes a reader may call too: their path resource says so. */
const openToReaders = () => routes.filter((route) => route.access === 'signedIn' && route.resource?.readers);
const withBody = (method: string) => !['GET', 'DELETE'].includes(method);
const pathOf = (route: RouteEntry, id: number | string) => route.url.replace(/:\w+/g, String(id));
const label = (route: RouteEntry) => `${route.method} ${route.url}`;

/** What a reader may write: responses to a story, questions, and their own sign-in and settings. */
const READER_WRITES = [
  /^POST \/api\/family\/stories\/:id\/(comments|replies)$/,
  /^(PUT|DELETE) \/api\/family\/stories\/:id\/reaction$/,
  /^DELETE \/api\/family\/(comments|replies)\/:id$/,
  /^POST \/api\/family\/questions$/,
  /^PATCH \/api\/family\/me\/:circle$/,
  /^POST \/api\/family\/(sign-out|claim)$/,
];

/** A story of `ownerId`'s shared with the family, with a recording naming a person and a place, a photo, a chapter, a comment. */
async function sharedArchive(ownerId: string) {
  const seed = seeder(server.database.db, server.store);
  const chapter = await seed.chapter(ownerId, 'Childhood');
  const story = await seed.story(ownerId, { title: 'The lake', processingStatus: 'generated', sharedWithFamilyAt: new Date(), chapterId: chapter.id });
  const recording = await seed.recording(ownerId, { storyId: story.id });
  const person = await seed.person(ownerId, 'Anna');
  const place = await seed.place(ownerId, 'Tampere');
  await server.database.db.insert(recordingPeople).values({ recordingId: recording.id, personId: person.id });
  await server.database.db.insert(recordingPlaces).values({ recordingId: recording.id, placeId: place.id });
  const photo = await seed.photo(ownerId, { storyId: story.id });
  return { story, recording, person, place, chapter, photo };
}

async function idsFor(ownerId: string, memberId: number) {
  const archive = await sharedArchive(ownerId);
  const [comment] = await server.database.db
    .insert(storyComments)
    .values({ userId: ownerId, storyId: archive.story.id, memberId, authorName: 'Aino', body: 'Lovely' })
    .returning();
  const [question] = await server.database.db.insert(familyQuestions).values({ userId: ownerId, memberId, askerName: 'Aino', text: 'First job?' }).returning();
  const ids: Partial<Record<ResourceKind, number>> = {
    story: archive.story.id,
    recording: archive.recording.id,
    person: archive.person.id,
    place: archive.place.id,
    chapter: archive.chapter.id,
    photo: archive.photo.id,
    storyComment: comment.id,
    familyQuestion: question.id,
    familyMember: memberId,
  };
  return { ids, archive };
}

/** The path of a route with the seeded id of its resource (and a plain parameter as 1). */
const seededPath = (route: RouteEntry, ids: Partial<Record<ResourceKind, number>>, circle: number) => {
  const kind = route.resource?.kind;
  return route.url.replace(/:(\w+)/g, (_, param: string) => (param === 'circle' ? String(circle) : kind && param === route.resource!.param ? String(ids[kind]) : '1'));
};

it('has reader routes, and owner reads open to readers', () => {
  expect(readerRoutes().length).toBeGreaterThan(5);
  expect(openToReaders().map(label)).toEqual(expect.arrayContaining(['GET /api/stories/:id']));
});

describe('a browser without a family sign-in', () => {
  it('gets 401 and nothing else from every reader route, even with a bad body', async () => {
    const { client: signedIn } = await signedUpClient(server.url, 'not-a-reader@example.com');
    for (const client of [new HttpClient(server.url), signedIn]) {
      for (const route of readerRoutes()) {
        const response = await client.request(route.method, pathOf(route, 1), withBody(route.method) ? { text: 7, body: [], reaction: 'x' } : undefined);
        expect(response.status, label(route)).toBe(401);
        expect(await response.json(), label(route)).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
      }
    }
  });

  it('gets 401 from the owner reads open to readers', async () => {
    for (const route of openToReaders()) expect((await new HttpClient(server.url).request(route.method, pathOf(route, 1))).status, label(route)).toBe(401);
  });
});

describe('a reader', () => {
  it("of another family gets 404 on every id of this one, and changes nothing", async () => {
    const { id: ownerId } = await signedUpClient(server.url, 'teller@example.com');
    const { id: otherOwnerId } = await signedUpClient(server.url, 'other-teller@example.com');
    const ownMember = await familyReader(server, ownerId, { name: 'Owner reader' });
    const { ids } = await idsFor(ownerId, ownMember.memberId);
    await sharedArchive(otherOwnerId);
    const { client: outsider } = await familyReader(server, otherOwnerId, { name: 'Outsider' });
    const before = await storiesOf(ownerId);
    const covered = [...readerRoutes(), ...openToReaders()].filter((route) => route.resource);
    expect(covered.length).toBeGreaterThan(3);
    for (const route of covered) {
      expect(ids[route.resource!.kind], `a seeded ${route.resource!.kind} for ${route.url}`).toBeDefined();
      const response = await outsider.request(route.method, seededPath(route, ids, ownMember.memberId), withBody(route.method) ? { body: 'Hi', reaction: 'heart', text: 'Why?' } : undefined);
      expect(response.status, label(route)).toBe(404);
    }
    expect(await storiesOf(ownerId)).toEqual(before);
  });

  it("cannot write anything of the owner's but comments, reactions and replies", async () => {
    const { id: ownerId } = await signedUpClient(server.url, 'writer-teller@example.com');
    const reader = await familyReader(server, ownerId);
    const { ids } = await idsFor(ownerId, reader.memberId);
    const before = await storiesOf(ownerId);
    // Every write of the owner's routes: never past the session check or the policy.
    for (const route of routes.filter((r) => r.access === 'signedIn' && r.method !== 'GET')) {
      const response = await reader.client.request(route.method, seededPath(route, ids, reader.memberId), withBody(route.method) ? {} : undefined);
      expect([401, 404], label(route)).toContain(response.status);
    }
    // And the reader's own writes are only those responses.
    const writes = readerRoutes().filter((route) => route.method !== 'GET').map(label);
    for (const write of writes) expect(READER_WRITES.some((pattern) => pattern.test(write)), write).toBe(true);
    expect(await storiesOf(ownerId)).toEqual(before);
  });

  it('reaches every read it is open to, until removed; then 401 on every reader route at once', async () => {
    const { id: ownerId } = await signedUpClient(server.url, 'removing-teller@example.com');
    const reader = await familyReader(server, ownerId);
    const { ids } = await idsFor(ownerId, reader.memberId);
    const reads = [...readerRoutes(), ...openToReaders()].filter((route) => route.method === 'GET');
    for (const route of reads.filter((r) => !r.resource || r.resource.action === 'read')) {
      const path = seededPath(route, ids, reader.memberId);
      expect((await reader.client.get(path)).status, `${label(route)} ${path}`).toBeLessThan(300);
    }
    await server.database.db.delete(familyMembers).where(eq(familyMembers.id, reader.memberId));
    for (const route of [...readerRoutes(), ...openToReaders()]) {
      const response = await reader.client.request(route.method, seededPath(route, ids, reader.memberId), withBody(route.method) ? {} : undefined);
      expect(response.status, label(route)).toBe(401);
    }
  });

  it('never sees a story marked "only me" or not yet shared, whatever its scope', async () => {
    const { id: ownerId } = await signedUpClient(server.url, 'private-teller@example.com');
    const reader = await familyReader(server, ownerId);
    const { archive } = await idsFor(ownerId, reader.memberId);
    expect((await reader.client.get(`/api/stories/${archive.story.id}`)).status).toBe(200);
    await server.database.db.update(stories).set({ onlyMe: true }).where(eq(stories.id, archive.story.id));
    expect((await reader.client.get(`/api/stories/${archive.story.id}`)).status).toBe(404);
    expect((await reader.client.get(`/api/recordings/${archive.recording.id}/audio`)).status).toBe(404);
    await server.database.db.update(stories).set({ onlyMe: false, sharedWithFamilyAt: null }).where(eq(stories.id, archive.story.id));
    expect((await reader.client.get(`/api/stories/${archive.story.id}`)).status).toBe(404);
    const [person] = await server.database.db.select().from(people).where(eq(people.id, archive.person.id));
    const [place] = await server.database.db.select().from(places).where(eq(places.id, archive.place.id));
    expect([person.userId, place.userId]).toEqual([ownerId, ownerId]);
  });
});

const storiesOf = (userId: string) => server.database.db.select().from(stories).where(eq(stories.userId, userId)).orderBy(stories.id);
