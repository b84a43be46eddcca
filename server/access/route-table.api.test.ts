import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_KEY_HEADER } from '../../contract/co-author.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import {
  archiveExports, archiveImports, autobiographies, chapters, coAuthorTokens, familyMembers, familyQuestions, followUpQuestions, people, photos, places, publishedStories, recordingPeople, recordingPlaces, recordings, recordingUploads, sessions, stories,
  storyComments,
} from '../db/schema.ts';
import type { ResourceKind } from './policies.ts';
import type { RouteEntry } from './route-table.ts';

// Generated from the route table: a route added tomorrow is covered the day it is added.
let server: TestApp;
let routes: RouteEntry[];
beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '1000', CONTRIBUTION_RATE_LIMIT: '1000' });
  routes = server.app.routeTable.filter((route) => route.method !== 'HEAD');
});
afterAll(() => server?.close());

const signedInRoutes = () => routes.filter((route) => route.access === 'signedIn');
const linkRoutes = () => routes.filter((route) => route.access === 'link');
const withBody = (method: string) => !['GET', 'DELETE'].includes(method);
const pathOf = (route: RouteEntry, id: number | string) => route.url.replace(/:\w+/g, String(id));
const linkPathOf = (route: RouteEntry, token: string, id: number | string) => pathOf({ ...route, url: route.url.replace(':token', token) }, id);

it('has signed-in routes for every resource kind the API serves', () => {
  const kinds = new Set(signedInRoutes().map((route) => route.resource?.kind));
  expect([...kinds]).toEqual(expect.arrayContaining(['story', 'recording']));
  expect(signedInRoutes().length).toBeGreaterThan(25);
});

describe('a caller without a session', () => {
  it('gets 401 and nothing else from every signed-in route, even with a bad body', async () => {
    const anonymous = new HttpClient(server.url);
    for (const route of signedInRoutes()) {
      const body = withBody(route.method) ? { language: 'klingon', storyId: 'not a number', peopleIds: 'x' } : undefined;
      const response = await anonymous.request(route.method, pathOf(route, 1), body);
      expect(response.status, `${route.method} ${route.url}`).toBe(401);
      expect(await response.json(), `${route.method} ${route.url}`).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
    }
  });
});

describe("another user's ids", () => {
  it('give 404 on every route that names a resource, and change nothing', async () => {
    const { client: owner, id: ownerId } = await signedUpClient(server.url, 'owner@example.com');
    const { client: stranger } = await signedUpClient(server.url, 'stranger@example.com');
    expect((await owner.get('/api/auth/user')).status).toBe(200);
    const seed = seeder(server.database.db, server.store);
    const story = await seed.story(ownerId, { title: 'Mine' });
    const recording = await seed.recording(ownerId, { storyId: story.id });
    const person = await seed.person(ownerId, 'Anna');
    const place = await seed.place(ownerId, 'Tampere');
    const chapter = await seed.chapter(ownerId, 'Childhood');
    const followUpQuestion = await seed.followUpQuestion(ownerId, story.id, 'Who else was there?');
    const autobiography = await seed.autobiography(ownerId, 'My life', { content: '# My life', processingStatus: 'generated' });
    const publishedStory = await seed.publishedStory(ownerId, story.id, 'mine');
    const coAuthorToken = await seed.coAuthorToken(ownerId, story.id);
    const [session] = await server.database.db.select().from(sessions).where(eq(sessions.userId, ownerId));
    const [archiveImport] = await server.database.db.insert(archiveImports).values({ userId: ownerId, sizeBytes: 1000 }).returning();
    const [recordingUpload] = await server.database.db
      .insert(recordingUploads)
      .values({ userId: ownerId, takeId: randomUUID(), sizeBytes: 1000, mimeType: 'audio/webm' })
      .returning();
    await server.database.db.insert(recordingPeople).values({ recordingId: recording.id, personId: person.id });
    await server.database.db.insert(recordingPlaces).values({ recordingId: recording.id, placeId: place.id });
    const [archiveExport] = await server.database.db.insert(archiveExports).values({ userId: ownerId, state: 'ready', blobKey: `users/${ownerId}/exports/x.zip` }).returning();
    const photo = await seed.photo(ownerId, { storyId: story.id });
    const [familyMember] = await server.database.db.insert(familyMembers).values({ userId: ownerId, name: 'Aino', joinedAt: new Date() }).returning();
    const [familyQuestion] = await server.database.db.insert(familyQuestions).values({ userId: ownerId, askerName: 'Aino', text: 'What was your first job?' }).returning();
    const [storyComment] = await server.database.db.insert(storyComments).values({ userId: ownerId, storyId: story.id, authorName: 'Aino', body: 'Lovely' }).returning();
    const ids: Partial<Record<ResourceKind, number | string>> = {
      story: story.id,
      recording: recording.id,
      person: person.id,
      place: place.id,
      chapter: chapter.id,
      followUpQuestion: followUpQuestion.id,
      autobiography: autobiography.id,
      publishedStory: publishedStory.id,
      coAuthorToken: coAuthorToken.id,
      session: session.number,
      archiveExport: archiveExport.id,
      archiveImport: archiveImport.id,
      recordingUpload: recordingUpload.id,
      photo: photo.id,
      familyMember: familyMember.id,
      familyQuestion: familyQuestion.id,
      storyComment: storyComment.id,
    };

    const before = await ownerData(ownerId);
    const covered = signedInRoutes().filter((route) => route.resource);
    expect(covered.length).toBeGreaterThan(15);
    for (const route of covered) {
      const id = ids[route.resource!.kind];
      expect(id, `a seeded ${route.resource!.kind} for ${route.url}`).toBeDefined();
      const response = await stranger.request(route.method, pathOf(route, id!), withBody(route.method) ? {} : undefined);
      expect(response.status, `${route.method} ${route.url}`).toBe(404);
      expect((await response.json()).code, `${route.method} ${route.url}`).toBe('not_found');
    }
    expect(await ownerData(ownerId)).toEqual(before);
    expect(await server.store.size(recording.audioKey)).not.toBeNull();
    // The owner still reaches every one of them.
    expect((await owner.get(`/api/stories/${story.id}`)).status).toBe(200);
    expect((await owner.get(`/api/recordings/${recording.id}/audio`)).status).toBe(200);
    expect((await owner.get(`/api/photos/${photo.id}?size=original`)).status).toBe(200);
  });

  it('give 404 for ids that cannot name a row, rather than a validation message', async () => {
    const { client: stranger } = await signedUpClient(server.url, 'guesser@example.com');
    for (const id of ['abc', '0', '-1', '99999999999', '1.5']) {
      const response = await stranger.get(`/api/stories/${id}`);
      expect(response.status, id).toBe(404);
    }
  });
});

describe('co-author link routes', () => {
  it('are in the link scope, each with its link in :token', () => {
    expect(linkRoutes().map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/co-author/:token',
        'POST /api/co-author/:token/recordings',
        'DELETE /api/co-author/:token/recordings/:id',
        'POST /api/co-author/:token/photos',
        'GET /api/co-author/:token/photos/:id',
        'DELETE /api/co-author/:token/photos/:id',
      ]),
    );
    for (const route of linkRoutes()) expect(route.url, route.url).toContain(':token');
  });

  it('answer the invalid-link 404 and nothing else without a live link, whatever the session or the body', async () => {
    const { client: owner, id: ownerId } = await signedUpClient(server.url, 'no-link-owner@example.com');
    const story = await seeder(server.database.db).story(ownerId, { title: 'Revoked' });
    const revoked = await seeder(server.database.db).coAuthorToken(ownerId, story.id);
    await server.database.db.delete(coAuthorTokens).where(eq(coAuthorTokens.id, revoked.id));
    const before = await ownerData(ownerId);
    expect(linkRoutes().length).toBeGreaterThan(0);
    for (const token of ['not-a-token', randomBytes(32).toString('base64url'), revoked.token]) {
      for (const client of [new HttpClient(server.url), owner]) {
        for (const route of linkRoutes()) {
          const body = route.method === 'GET' ? undefined : { contributorName: 'Pekka', storyId: 'x' };
          const response = await client.request(route.method, linkPathOf(route, token, 1), body);
          expect(response.status, `${route.method} ${route.url} ${token}`).toBe(404);
          expect(await response.json()).toEqual({ code: 'invalid_token', message: 'Invalid or expired collaboration token' });
        }
      }
    }
    expect(await ownerData(ownerId)).toEqual(before);
  });

  it("give another link's holder 404 on every route that names a resource, even from the same browser, and change nothing", async () => {
    const seed = seeder(server.database.db, server.store);
    const { id: ownerId } = await signedUpClient(server.url, 'link-owner@example.com');
    const { id: otherId } = await signedUpClient(server.url, 'other-link-owner@example.com');
    const story = await seed.story(ownerId, { title: 'Shared' });
    const link = await seed.coAuthorToken(ownerId, story.id);
    const browserKey = randomBytes(32).toString('base64url');
    const contribution = await seed.recording(ownerId, {
      storyId: story.id,
      contributorName: 'Pekka',
      coAuthorTokenId: link.id,
      contributorKeyHash: createHash('sha256').update(browserKey).digest('hex'),
    });
    const photo = await seed.photo(ownerId, {
      storyId: story.id,
      contributorName: 'Pekka',
      coAuthorTokenId: link.id,
      contributorKeyHash: createHash('sha256').update(browserKey).digest('hex'),
    });
    const otherLink = await seed.coAuthorToken(otherId, (await seed.story(otherId, { title: 'Theirs' })).id);
    const ids: Partial<Record<ResourceKind, number>> = { story: story.id, recording: contribution.id, photo: photo.id };
    const browser = new HttpClient(server.url);
    const asHolderOf = (token: string, route: RouteEntry) =>
      browser.request(route.method, linkPathOf(route, token, ids[route.resource!.kind]!), route.method === 'GET' ? undefined : { contributorName: 'Pekka' }, {
        [CONTRIBUTOR_KEY_HEADER]: browserKey,
      });

    const before = await ownerData(ownerId);
    const covered = linkRoutes().filter((route) => route.resource);
    expect(covered.length).toBeGreaterThan(0);
    for (const route of covered) {
      expect(ids[route.resource!.kind], `a seeded ${route.resource!.kind} for ${route.url}`).toBeDefined();
      const response = await asHolderOf(otherLink.token, route);
      expect(response.status, `${route.method} ${route.url}`).toBe(404);
      expect((await response.json()).code, `${route.method} ${route.url}`).toBe('not_found');
    }
    expect(await ownerData(ownerId)).toEqual(before);
    // The link's own holder, from the browser that made it, still reaches every one of them.
    for (const route of covered) expect((await asHolderOf(link.token, route)).status, `${route.method} ${route.url}`).toBeLessThan(300);
  });
});

/** Everything the owner has, as rows: any change by someone else shows here. */
async function ownerData(userId: string) {
  const db = server.database.db;
  const recordingRows = await db.select().from(recordings).where(eq(recordings.userId, userId)).orderBy(recordings.id);
  const recordingIds = recordingRows.map((r) => r.id);
  return {
    stories: await db.select().from(stories).where(eq(stories.userId, userId)).orderBy(stories.id),
    recordings: recordingRows,
    people: await db.select().from(people).where(eq(people.userId, userId)).orderBy(people.id),
    places: await db.select().from(places).where(eq(places.userId, userId)).orderBy(places.id),
    chapters: await db.select().from(chapters).where(eq(chapters.userId, userId)).orderBy(chapters.id),
    followUpQuestions: await db.select().from(followUpQuestions).where(eq(followUpQuestions.userId, userId)).orderBy(followUpQuestions.id),
    autobiographies: await db.select().from(autobiographies).where(eq(autobiographies.userId, userId)).orderBy(autobiographies.id),
    publishedStories: await db.select().from(publishedStories).where(eq(publishedStories.userId, userId)).orderBy(publishedStories.id),
    coAuthorTokens: await db.select().from(coAuthorTokens).where(eq(coAuthorTokens.userId, userId)).orderBy(coAuthorTokens.id),
    sessions: await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).orderBy(sessions.id),
    archiveImports: await db.select().from(archiveImports).where(eq(archiveImports.userId, userId)).orderBy(archiveImports.id),
    recordingUploads: await db.select().from(recordingUploads).where(eq(recordingUploads.userId, userId)).orderBy(recordingUploads.id),
    personLinks: recordingIds.length ? await db.select().from(recordingPeople).where(inArray(recordingPeople.recordingId, recordingIds)) : [],
    archiveExports: await db.select().from(archiveExports).where(eq(archiveExports.userId, userId)).orderBy(archiveExports.id),
    placeLinks: recordingIds.length ? await db.select().from(recordingPlaces).where(inArray(recordingPlaces.recordingId, recordingIds)) : [],
    photos: await db.select().from(photos).where(eq(photos.userId, userId)).orderBy(photos.id),
    familyMembers: await db.select().from(familyMembers).where(eq(familyMembers.userId, userId)).orderBy(familyMembers.id),
    familyQuestions: await db.select().from(familyQuestions).where(eq(familyQuestions.userId, userId)).orderBy(familyQuestions.id),
    storyComments: await db.select().from(storyComments).where(eq(storyComments.userId, userId)).orderBy(storyComments.id),
  };
}
