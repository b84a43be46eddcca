import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningPageSchema } from '../../contract/print-book.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { familyMembers, listeningLinks, recordings, stories, users } from '../db/schema.ts';
import { activeListeningLinks, listeningPath, mintListeningLink, revokeListeningLinks } from './links.ts';

// A printed book's QR code (issue 30): a private link that plays one story in the teller's
// voice without an account, until the owner turns the book's links off.

let server: TestApp;
let owner: HttpClient;
let ownerId: string;
beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '100000' });
  ({ client: owner, id: ownerId } = await signedUpClient(server.url, 'listen-owner@example.com'));
});
afterAll(() => server?.close());

const db = () => server.database.db;
const seed = () => seeder(db(), server.store);
const anyone = () => new HttpClient(server.url);

/** A book with a story told in two recordings (the second one first in the story's order), a relative's voice reply, and another story's recording. */
async function printedStory(fields: { authorName?: string | null; language?: string } = {}) {
  const book = await seed().autobiography(ownerId, 'My life', { processingStatus: 'generated', authorName: 'Aino Virtanen', language: 'fi', ...fields });
  const story = await seed().story(ownerId, { title: 'Kesä järvellä', language: 'fi' });
  const first = await seed().recording(ownerId, { storyId: story.id, orderIndex: 1, duration: 30 });
  const second = await seed().recording(ownerId, { storyId: story.id, orderIndex: 0, duration: 12.5 });
  const [relative] = await db().insert(familyMembers).values({ userId: ownerId, name: 'Eero', joinedAt: new Date() }).returning();
  const reply = await seed().recording(ownerId, { storyId: story.id, familyMemberId: relative.id, orderIndex: 2 });
  const elsewhere = await seed().recording(ownerId, { storyId: (await seed().story(ownerId, { title: 'Other' })).id });
  const token = await mintListeningLink(db(), { userId: ownerId, autobiographyId: book.id, storyId: story.id });
  return { book, story, first, second, reply, elsewhere, token };
}

describe('a listening link', () => {
  it('is a new token per mint, only its hash stored, at /listen/{token}', async () => {
    const { book, story, token } = await printedStory();
    const again = await mintListeningLink(db(), { userId: ownerId, autobiographyId: book.id, storyId: story.id });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(again).not.toBe(token);
    expect(listeningPath(token)).toBe(`/listen/${token}`);
    const rows = await db().select().from(listeningLinks).where(eq(listeningLinks.autobiographyId, book.id));
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await activeListeningLinks(db(), book.id)).toBe(2);
  });

  it("is minted only for the owner's own book and story", async () => {
    const { id: strangerId } = await signedUpClient(server.url, 'listen-minter@example.com');
    const { book, story } = await printedStory();
    await expect(mintListeningLink(db(), { userId: strangerId, autobiographyId: book.id, storyId: story.id })).rejects.toThrow();
    const theirs = await seed().story(strangerId, { title: 'Theirs' });
    await expect(mintListeningLink(db(), { userId: ownerId, autobiographyId: book.id, storyId: theirs.id })).rejects.toThrow();
  });

  it("opens, without an account, the story's title, the book's author and language, and the story's own recordings in order", async () => {
    const { first, second, token } = await printedStory();
    const response = await anyone().get(`/api/listen/${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(listeningPageSchema.parse(await response.json())).toEqual({
      title: 'Kesä järvellä',
      teller: 'Aino Virtanen',
      language: 'fi',
      // Not the relative's reply, nor another story's recording.
      recordings: [
        { id: second.id, durationSeconds: 12.5, audioUrl: `/api/listen/${token}/audio/${second.id}` },
        { id: first.id, durationSeconds: 30, audioUrl: `/api/listen/${token}/audio/${first.id}` },
      ],
    });
  });

  it("names the owner as the teller when the book has no author name, as publishing signs", async () => {
    await db().update(users).set({ authorName: 'Mummo Aino' }).where(eq(users.id, ownerId));
    const { token } = await printedStory({ authorName: null, language: 'en' });
    const page = listeningPageSchema.parse(await (await anyone().get(`/api/listen/${token}`)).json());
    expect(page).toMatchObject({ teller: 'Mummo Aino', language: 'en' });
    await db().update(users).set({ authorName: null }).where(eq(users.id, ownerId));
  });

  it("plays each of the story's recordings with byte ranges, and nobody's else", async () => {
    const { first, reply, elsewhere, token } = await printedStory();
    const stored = Buffer.from('not really audio, only bytes to serve');
    const whole = await anyone().get(`/api/listen/${token}/audio/${first.id}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(stored);
    expect(whole.headers.get('content-type')).toBe('audio/webm');
    expect(whole.headers.get('cache-control')).toBe('private, no-cache');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');

    const part = await anyone().get(`/api/listen/${token}/audio/${first.id}`, { range: 'bytes=4-9' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-9/${stored.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(stored.subarray(4, 10));

    for (const recordingId of [elsewhere.id, reply.id, 99999999, 'abc']) {
      const refused = await anyone().get(`/api/listen/${token}/audio/${recordingId}`);
      expect(refused.status, String(recordingId)).toBe(404);
      expect(await refused.json()).toEqual({ code: 'listening_audio_not_found', message: 'This recording is not part of the story.' });
    }
  });

  it('stops playing a recording moved to another story', async () => {
    const { first, elsewhere, token } = await printedStory();
    await db().update(recordings).set({ storyId: elsewhere.storyId }).where(eq(recordings.id, first.id));
    expect((await anyone().get(`/api/listen/${token}/audio/${first.id}`)).status).toBe(404);
    const page = listeningPageSchema.parse(await (await anyone().get(`/api/listen/${token}`)).json());
    expect(page.recordings.map((recording) => recording.id)).not.toContain(first.id);
  });

  it('is 404 with its own words when unknown, malformed, revoked or its story deleted', async () => {
    const revoked = await printedStory();
    const deleted = await printedStory();
    expect(await revokeListeningLinks(db(), revoked.book.id)).toBe(1);
    await db().delete(stories).where(eq(stories.id, deleted.story.id));
    for (const token of [randomBytes(32).toString('base64url'), 'not-a-token', `${revoked.token}x`, revoked.token, deleted.token]) {
      for (const path of [`/api/listen/${token}`, `/api/listen/${token}/audio/${revoked.first.id}`]) {
        const response = await anyone().get(path);
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual({ code: 'listening_link_not_found', message: 'This listening link has been turned off or does not exist.' });
      }
    }
  });
});

describe('turning a book’s links off', () => {
  it('revokes every live link of the book for its owner, and only that book’s', async () => {
    const printed = await printedStory();
    const other = await printedStory();
    await mintListeningLink(db(), { userId: ownerId, autobiographyId: printed.book.id, storyId: printed.story.id });
    const response = await owner.request('DELETE', `/api/autobiographies/${printed.book.id}/listening-links`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revoked: 2 });
    expect(await activeListeningLinks(db(), printed.book.id)).toBe(0);
    expect((await anyone().get(`/api/listen/${printed.token}`)).status).toBe(404);
    // Another book's links still play; turning off again finds none live.
    expect((await anyone().get(`/api/listen/${other.token}`)).status).toBe(200);
    expect(await (await owner.request('DELETE', `/api/autobiographies/${printed.book.id}/listening-links`)).json()).toEqual({ revoked: 0 });
  });

  it("is 401 without a session and 404 for another user's book, and turns nothing off", async () => {
    const { book, token } = await printedStory();
    const unauthenticated = await anyone().request('DELETE', `/api/autobiographies/${book.id}/listening-links`);
    expect(unauthenticated.status).toBe(401);
    const { client: stranger } = await signedUpClient(server.url, 'listen-stranger@example.com');
    const refused = await stranger.request('DELETE', `/api/autobiographies/${book.id}/listening-links`);
    expect(refused.status).toBe(404);
    expect((await refused.json()).code).toBe('not_found');
    expect(await activeListeningLinks(db(), book.id)).toBe(1);
    expect((await anyone().get(`/api/listen/${token}`)).status).toBe(200);
  });
});

describe('with a low rate limit', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ PUBLIC_RATE_LIMIT: '3' });
  });
  afterAll(() => bare?.close());

  it('answers one address only so often a minute, on the page and on the audio', async () => {
    const client = new HttpClient(bare.url);
    const token = randomBytes(32).toString('base64url');
    for (const path of [`/api/listen/${token}`, `/api/listen/${token}/audio/1`]) {
      const answers: number[] = [];
      for (let i = 0; i < 4; i++) answers.push((await client.get(path)).status);
      expect(answers, path).toEqual([404, 404, 404, 429]);
    }
  });
});
