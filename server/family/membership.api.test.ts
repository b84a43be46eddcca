import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_COOKIE } from '../../contract/family.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { familyMembers, familySessions, stories } from '../db/schema.ts';

// A circle's memberships after joining: what each reader sees (scopes, "only me"), changes
// and removal holding from the reader's next request, the reader's own settings, signing out
// and reading on another device.
let app: TestApp;
let seed: ReturnType<typeof seeder>;
beforeAll(async () => {
  app = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
  seed = seeder(app.database.db);
});
afterAll(() => app?.close());

const tokenOf = (link: string) => link.split('/family/join/')[1];
let accounts = 0;
async function account(name: string) {
  const email = `${name}-${++accounts}@example.com`;
  return { ...(await signedUpClient(app.url, email)), email };
}

/** An owner's invitation with this scope, joined in a new browser without an account. */
async function joinedReader(owner: HttpClient, scope: object, name = 'Reader') {
  const invited = await owner.post('/api/family/invitations', { scope });
  expect(invited.status, await invited.clone().text()).toBe(201);
  const { id, link } = await invited.json();
  const reader = new HttpClient(app.url);
  expect((await reader.post(`/api/family/join/${tokenOf(link)}`, { name })).status).toBe(200);
  return { memberId: id as number, reader };
}

/**
 * The stories this reader's browser may read now, out of `candidates`: each asked for with
 * the owner's own read, GET /api/stories/{id} (open to readers), which answers 200 or 404.
 */
async function readableBy(reader: HttpClient, candidates: number[]): Promise<number[]> {
  const readable: number[] = [];
  for (const id of candidates) {
    const response = await reader.get(`/api/stories/${id}`);
    expect([200, 404], `story ${id}`).toContain(response.status);
    if (response.status === 200) {
      expect(await response.json()).toMatchObject({ reading: true, id });
      readable.push(id);
    }
  }
  return readable;
}

/** An owner's archive: two chapters, stories shared in each and outside any, one not yet shared, one "only me". */
async function archive(ownerId: string) {
  const childhood = await seed.chapter(ownerId, 'Childhood');
  const work = await seed.chapter(ownerId, 'Work');
  const shared = { sharedWithFamilyAt: new Date() };
  const lake = await seed.story(ownerId, { ...shared, chapterId: childhood.id, title: 'The lake' });
  const office = await seed.story(ownerId, { ...shared, chapterId: work.id, title: 'The office' });
  const loose = await seed.story(ownerId, { ...shared, title: 'No chapter' });
  const unshared = await seed.story(ownerId, { chapterId: childhood.id, title: 'Waiting for review' });
  const secret = await seed.story(ownerId, { ...shared, chapterId: childhood.id, title: 'Only me', onlyMe: true });
  const all = [lake, office, loose, unshared, secret].map((story) => story.id);
  return { childhood, work, lake, office, loose, unshared, secret, all };
}

describe('what a reader sees', () => {
  it('is the whole archive or the chosen chapters, never a story not yet shared nor one marked only me', async () => {
    const { client: owner, id: ownerId } = await account('scopes');
    const a = await archive(ownerId);
    const everything = await joinedReader(owner, { all: true });
    const chapter = await joinedReader(owner, { chapterIds: [a.childhood.id] });
    expect(await readableBy(everything.reader, a.all)).toEqual([a.lake.id, a.office.id, a.loose.id]);
    expect(await readableBy(chapter.reader, a.all)).toEqual([a.lake.id]);

    // "Only me" hides a story whatever the scope, from the next request on.
    await app.database.db.update(stories).set({ onlyMe: true }).where(eq(stories.id, a.lake.id));
    expect(await readableBy(everything.reader, a.all)).toEqual([a.office.id, a.loose.id]);
    expect(await readableBy(chapter.reader, a.all)).toEqual([]);
  });

  it('changes with the owner’s PATCH of the scope, on the reader’s next request', async () => {
    const { client: owner, id: ownerId } = await account('patch');
    const a = await archive(ownerId);
    const { memberId, reader } = await joinedReader(owner, { chapterIds: [a.childhood.id] });
    expect(await readableBy(reader, a.all)).toEqual([a.lake.id]);

    const toWork = await owner.request('PATCH', `/api/family/members/${memberId}`, { scope: { chapterIds: [a.work.id] } });
    expect(toWork.status).toBe(200);
    expect(await toWork.json()).toMatchObject({ id: memberId, scope: { chapterIds: [a.work.id] }, state: 'joined' });
    expect(await readableBy(reader, a.all)).toEqual([a.office.id]);

    const toAll = await owner.request('PATCH', `/api/family/members/${memberId}`, { scope: { all: true } });
    expect(await toAll.json()).toMatchObject({ scope: { all: true } });
    expect(await readableBy(reader, a.all)).toEqual([a.lake.id, a.office.id, a.loose.id]);
  });

  it('cannot be widened to another owner’s chapter: 404, and the scope stays', async () => {
    const { client: owner, id: ownerId } = await account('foreign-chapter');
    const { id: strangerId } = await account('chapter-owner');
    const a = await archive(ownerId);
    const foreign = await seed.chapter(strangerId, 'Not yours');
    const theirs = await seed.story(strangerId, { chapterId: foreign.id, sharedWithFamilyAt: new Date() });
    const { memberId, reader } = await joinedReader(owner, { chapterIds: [a.childhood.id] });
    const response = await owner.request('PATCH', `/api/family/members/${memberId}`, { scope: { chapterIds: [a.work.id, foreign.id] } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found', message: 'Chapter not found' });
    const [member] = await (await owner.get('/api/family/members')).json();
    expect(member.scope).toEqual({ chapterIds: [a.childhood.id] });
    expect(await readableBy(reader, [...a.all, theirs.id])).toEqual([a.lake.id]);
  });
});

describe('the owner’s members', () => {
  it('are 404 to another owner, whatever they try', async () => {
    const { client: owner } = await account('owner');
    const { client: stranger } = await account('stranger');
    const { memberId } = await joinedReader(owner, { all: true });
    for (const response of [
      await stranger.request('PATCH', `/api/family/members/${memberId}`, { scope: { all: true } }),
      await stranger.request('DELETE', `/api/family/members/${memberId}`),
      await stranger.post(`/api/family/members/${memberId}/link`),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ message: 'Member not found' });
    }
    expect(await (await stranger.get('/api/family/members')).json()).toEqual([]);
    expect(await (await owner.get('/api/family/members')).json()).toHaveLength(1);
  });

  it('show when each last visited', async () => {
    const { client: owner, id: ownerId } = await account('visits');
    const story = await seed.story(ownerId, { sharedWithFamilyAt: new Date() });
    const { memberId, reader } = await joinedReader(owner, { all: true });
    const [before] = await (await owner.get('/api/family/members')).json();
    expect(before).toMatchObject({ id: memberId, lastVisitedAt: null });
    // Reading a story of the circle is a visit.
    expect((await reader.get(`/api/stories/${story.id}`)).status).toBe(200);
    const [after] = await (await owner.get('/api/family/members')).json();
    expect(Date.parse(after.lastVisitedAt)).toBeGreaterThanOrEqual(Date.parse(after.joinedAt));
  });

  it('end at once when removed: the reader’s next request is a 401 and their sign-ins are gone', async () => {
    const { client: owner, id: ownerId } = await account('removal');
    const story = await seed.story(ownerId, { sharedWithFamilyAt: new Date() });
    const { memberId, reader } = await joinedReader(owner, { all: true });
    expect((await reader.get(`/api/stories/${story.id}`)).status).toBe(200);
    expect((await reader.get('/api/family/me')).status).toBe(200);
    expect((await owner.request('DELETE', `/api/family/members/${memberId}`)).status).toBe(204);
    expect((await reader.get(`/api/stories/${story.id}`)).status).toBe(401);
    expect((await reader.get('/api/family/me')).status).toBe(401);
    expect((await reader.request('PATCH', `/api/family/me/${memberId}`, { name: 'Still here?' })).status).toBe(401);
    expect(await app.database.db.select().from(familySessions).where(eq(familySessions.memberId, memberId))).toEqual([]);
    expect(await (await owner.get('/api/family/members')).json()).toEqual([]);
  });

  it('keep a joined reader in when the owner makes a link for another device, which works once', async () => {
    const { client: owner } = await account('device-link');
    const { memberId, reader } = await joinedReader(owner, { all: true }, 'Maija');
    const { link } = await (await owner.post(`/api/family/members/${memberId}/link`)).json();
    const tablet = new HttpClient(app.url);
    expect(await (await tablet.post(`/api/family/join/${tokenOf(link)}`, { name: 'Maija' })).json()).toEqual({ circle: memberId });
    expect((await reader.get('/api/family/me')).status).toBe(200);
    expect((await tablet.get('/api/family/me')).status).toBe(200);
    expect((await new HttpClient(app.url).post(`/api/family/join/${tokenOf(link)}`, { name: 'Maija' })).status).toBe(404);
  });
});

describe('the reader’s own settings', () => {
  it('change their name, language and e-mails in one circle, and another circle’s id is 404', async () => {
    const { client: owner } = await account('reader-settings');
    const { client: otherOwner } = await account('other-circle');
    const { memberId, reader } = await joinedReader(owner, { all: true });
    const other = await joinedReader(otherOwner, { all: true });
    const changed = await reader.request('PATCH', `/api/family/me/${memberId}`, { name: 'Mummi', language: 'fi', notice: 'off' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ circle: memberId, tellerName: 'Aino', name: 'Mummi', language: 'fi', notice: 'off', onAccount: false });
    expect(await (await reader.get('/api/family/me')).json()).toEqual([expect.objectContaining({ circle: memberId, name: 'Mummi' })]);

    const foreign = await reader.request('PATCH', `/api/family/me/${other.memberId}`, { name: 'Intruder' });
    expect(foreign.status).toBe(404);
    const [untouched] = await app.database.db.select().from(familyMembers).where(eq(familyMembers.id, other.memberId));
    expect(untouched.name).toBe('Reader');
    // The owner's routes are not the reader's.
    expect((await reader.request('PATCH', `/api/family/members/${memberId}`, { scope: { all: true } })).status).toBe(401);
    expect((await reader.get('/api/family/members')).status).toBe(401);
  });

  it('need a live sign-in: without one, 401 before the body is looked at', async () => {
    const stranger = new HttpClient(app.url);
    expect((await stranger.get('/api/family/me')).status).toBe(401);
    expect((await stranger.request('PATCH', '/api/family/me/1', { nonsense: true })).status).toBe(401);
    expect((await stranger.post('/api/family/sign-out')).status).toBe(401);
  });

  it('include signing out on this device, which ends its family sign-in', async () => {
    const { client: owner } = await account('sign-out');
    const { memberId, reader } = await joinedReader(owner, { all: true });
    expect((await reader.post('/api/family/sign-out')).status).toBe(204);
    expect(reader.cookie(FAMILY_COOKIE)).toBeUndefined();
    expect((await reader.get('/api/family/me')).status).toBe(401);
    expect(await app.database.db.select().from(familySessions).where(eq(familySessions.memberId, memberId))).toEqual([]);
    // The membership stays: the owner still has the reader, who may get a new link.
    expect(await (await owner.get('/api/family/members')).json()).toEqual([expect.objectContaining({ id: memberId, state: 'joined' })]);
  });

  it('include reading on another device: the device’s circles go onto the account signed in on it', async () => {
    const { client: owner } = await account('claim');
    const { memberId, reader } = await joinedReader(owner, { all: true });
    const email = `reader-claims-${++accounts}@example.com`;
    await reader.post('/api/auth/local/sign-up', { email, password: 'long enough password', firstName: 'Reader' });
    expect((await reader.post('/api/auth/local/sign-in', { email, password: 'long enough password' })).status).toBe(200);
    const claimed = await reader.post('/api/family/claim');
    expect(claimed.status).toBe(200);
    expect(await claimed.json()).toEqual([expect.objectContaining({ circle: memberId, onAccount: true })]);

    const laptop = new HttpClient(app.url);
    await laptop.post('/api/auth/local/sign-in', { email, password: 'long enough password' });
    expect(await (await laptop.get('/api/family/me')).json()).toEqual([expect.objectContaining({ circle: memberId })]);
    // Claiming needs a family sign-in on the device, and an account.
    expect((await laptop.post('/api/family/claim')).status).toBe(401);
    const deviceOnly = await joinedReader(owner, { all: true });
    expect((await deviceOnly.reader.post('/api/family/claim')).status).toBe(401);
    // A removed membership leaves the account too.
    await owner.request('DELETE', `/api/family/members/${memberId}`);
    expect((await laptop.get('/api/family/me')).status).toBe(401);
  });

  it('cannot claim the owner’s own circle onto a device that reads it', async () => {
    const { client: owner, email } = await account('claim-own');
    const { memberId, reader } = await joinedReader(owner, { all: true });
    // The owner signs in on the reader's device and claims: their own circle is not theirs to read.
    await reader.post('/api/auth/local/sign-in', { email, password: 'long enough password' });
    expect((await reader.post('/api/family/claim')).status).toBe(200);
    const [row] = await app.database.db.select().from(familyMembers).where(eq(familyMembers.id, memberId));
    expect(row.readerUserId).toBeNull();
  });
});

describe('the owner’s review-first setting', () => {
  it('is off at first, and the owner turns it on', async () => {
    const { client: owner } = await account('review');
    expect(await (await owner.get('/api/family/settings')).json()).toEqual({ reviewFirst: false });
    const changed = await owner.request('PATCH', '/api/family/settings', { reviewFirst: true });
    expect(await changed.json()).toEqual({ reviewFirst: true });
    expect(await (await owner.get('/api/family/settings')).json()).toEqual({ reviewFirst: true });
    expect((await new HttpClient(app.url).get('/api/family/settings')).status).toBe(401);
    expect((await owner.request('PATCH', '/api/family/settings', { reviewFirst: 'yes' })).status).toBe(400);
  });
});
