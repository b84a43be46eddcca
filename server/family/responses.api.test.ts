import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyReplyView, FamilyResponsesView } from '../../contract/family.ts';
import { familyReader } from '../../test/support/family.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { CLIPS } from '../../test/support/shared-files.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { familyMembers, recordings, stories, storyComments } from '../db/schema.ts';

// A reader's comments, reaction and voice replies on what is shared with them, and the
// storyteller's view of them: only on shared stories, only one's own to delete.
let server: TestApp;
let owner: HttpClient;
let ownerId: string;
let seed: ReturnType<typeof seeder>;
const wav = readFileSync(CLIPS.english);

beforeAll(async () => {
  // One voice reply an hour per reader (as per link): each test's readers reply once, the limit has its own test.
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', LINK_UPLOADS_PER_HOUR: '1' });
  ({ client: owner, id: ownerId } = await signedUpClient(server.url, 'owner@example.com'));
  seed = seeder(server.database.db, server.store);
});
afterEach(() => {
  expect(server.backgroundErrors).toEqual([]);
});
afterAll(async () => {
  await server?.close();
});

const sharedStory = (fields: Partial<typeof stories.$inferInsert> = {}) => seed.story(ownerId, { title: 'The sawmill', sharedWithFamilyAt: new Date(), ...fields });
const responses = async (client: HttpClient, storyId: number, asOwner = false): Promise<FamilyResponsesView> => {
  const response = await client.get(asOwner ? `/api/stories/${storyId}/responses` : `/api/family/stories/${storyId}/responses`);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
};
const comment = (client: HttpClient, storyId: number, body: string) => client.post(`/api/family/stories/${storyId}/comments`, { body });
const replyBy = (client: HttpClient, storyId: number, audio = wav) => {
  const form = new FormData();
  form.append('audio', new Blob([new Uint8Array(audio)], { type: 'audio/wav' }), 'reply.wav');
  // A reader's browser cannot choose the owner's settings, nor move the reply to another story.
  form.append('transcriptionModel', 'whisper-1');
  form.append('contextType', 'new_story');
  return client.request('POST', `/api/family/stories/${storyId}/replies`, form);
};
const recordingRow = async (id: number) => (await server.database.db.select().from(recordings).where(eq(recordings.id, id)))[0];

describe('comments', () => {
  it("a reader comments on a shared story; the circle and the storyteller see it, and the storyteller answers", async () => {
    const story = await sharedStory();
    const aino = await familyReader(server, ownerId, { name: 'Aino' });
    const pekka = await familyReader(server, ownerId, { name: 'Pekka' });

    const posted = await comment(aino.client, story.id, '  I never knew you worked there!  ');
    expect(posted.status).toBe(201);
    const mine = await posted.json();
    expect(mine).toMatchObject({ authorName: 'Aino', byTeller: false, mine: true, body: 'I never knew you worked there!' });

    const answer = await owner.post(`/api/stories/${story.id}/comments`, { body: 'Three summers, Aino.' });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toMatchObject({ authorName: 'Aino', byTeller: true, mine: true });

    expect((await responses(aino.client, story.id)).comments.map((c) => [c.body, c.byTeller, c.mine])).toEqual([
      ['I never knew you worked there!', false, true],
      ['Three summers, Aino.', true, false],
    ]);
    expect((await responses(pekka.client, story.id)).comments.map((c) => c.mine)).toEqual([false, false]);
    const ownerView = await responses(owner, story.id, true);
    expect(ownerView.comments.map((c) => [c.authorName, c.mine])).toEqual([
      ['Aino', false],
      ['Aino', true],
    ]);
  });

  it('is a 404 on a story not shared, "only me", out of scope, or of another storyteller; and nothing is written', async () => {
    const { id: otherId } = await signedUpClient(server.url, 'comments-other@example.com');
    const chapter = await seed.chapter(ownerId, 'Childhood');
    const notYet = await seed.story(ownerId, { title: 'Not shared yet' });
    const onlyMe = await sharedStory({ onlyMe: true });
    const elsewhere = await sharedStory();
    const inChapter = await sharedStory({ chapterId: chapter.id });
    const theirs = await seed.story(otherId, { sharedWithFamilyAt: new Date() });
    const reader = await familyReader(server, ownerId, { scope: { chapterIds: [chapter.id] } });

    expect((await comment(reader.client, inChapter.id, 'Lovely')).status).toBe(201);
    for (const story of [notYet, onlyMe, elsewhere, theirs]) {
      expect((await comment(reader.client, story.id, 'Lovely')).status, story.title).toBe(404);
      expect((await reader.client.get(`/api/family/stories/${story.id}/responses`)).status, story.title).toBe(404);
      expect((await reader.client.put(`/api/family/stories/${story.id}/reaction`, { reaction: 'heart' })).status, story.title).toBe(404);
      expect((await replyBy(reader.client, story.id)).status, story.title).toBe(404);
    }
    const written = await server.database.db.select().from(storyComments).where(eq(storyComments.memberId, reader.memberId));
    expect(written.map((c) => c.storyId)).toEqual([inChapter.id]);
  });

  it("a reader deletes only their own; the storyteller deletes any on their stories; a stranger none", async () => {
    const story = await sharedStory();
    const aino = await familyReader(server, ownerId, { name: 'Aino' });
    const pekka = await familyReader(server, ownerId, { name: 'Pekka' });
    const { client: stranger } = await signedUpClient(server.url, 'comments-stranger@example.com');
    const ainos = await (await comment(aino.client, story.id, 'First')).json();
    const pekkas = await (await comment(pekka.client, story.id, 'Second')).json();
    const tellers = await (await owner.post(`/api/stories/${story.id}/comments`, { body: 'Thank you' })).json();

    expect((await pekka.client.request('DELETE', `/api/family/comments/${ainos.id}`)).status).toBe(404);
    expect((await pekka.client.request('DELETE', `/api/family/comments/${tellers.id}`)).status).toBe(404);
    expect((await stranger.request('DELETE', `/api/story-comments/${ainos.id}`)).status).toBe(404);
    expect((await aino.client.request('DELETE', `/api/family/comments/${ainos.id}`)).status).toBe(204);
    expect((await owner.request('DELETE', `/api/story-comments/${pekkas.id}`)).status).toBe(204);
    expect((await responses(owner, story.id, true)).comments.map((c) => c.body)).toEqual(['Thank you']);
  });

  it("a removed reader is 401 at once; their comment stays under their name, never as the storyteller's", async () => {
    const story = await sharedStory();
    const reader = await familyReader(server, ownerId, { name: 'Matti' });
    expect((await comment(reader.client, story.id, 'Before I was removed')).status).toBe(201);
    await server.database.db.delete(familyMembers).where(eq(familyMembers.id, reader.memberId));
    expect((await comment(reader.client, story.id, 'After')).status).toBe(401);
    expect((await reader.client.get(`/api/family/stories/${story.id}/responses`)).status).toBe(401);
    expect((await replyBy(reader.client, story.id)).status).toBe(401);
    const kept = (await responses(owner, story.id, true)).comments.find((c) => c.body === 'Before I was removed');
    expect(kept).toMatchObject({ authorName: 'Matti', byTeller: false, mine: false });
  });

  it('answers 401 without a family sign-in, before the body is read', async () => {
    const story = await sharedStory();
    expect((await comment(new HttpClient(server.url), story.id, '')).status).toBe(401);
    expect((await comment(owner, story.id, 'The owner is not a reader')).status).toBe(401);
  });

  it('is rate limited per reader', async () => {
    const story = await sharedStory();
    const reader = await familyReader(server, ownerId);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await comment(reader.client, story.id, `Comment ${i}`)).status);
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('reactions', () => {
  it('one per reader and story: set, changed, counted, cleared', async () => {
    const story = await sharedStory();
    const aino = await familyReader(server, ownerId);
    const pekka = await familyReader(server, ownerId);
    expect((await aino.client.put(`/api/family/stories/${story.id}/reaction`, { reaction: 'heart' })).status).toBe(204);
    expect((await pekka.client.put(`/api/family/stories/${story.id}/reaction`, { reaction: 'heart' })).status).toBe(204);
    expect((await responses(aino.client, story.id)).reactions).toEqual([{ reaction: 'heart', count: 2, mine: true }]);
    expect((await aino.client.put(`/api/family/stories/${story.id}/reaction`, { reaction: 'tears' })).status).toBe(204);
    expect((await responses(aino.client, story.id)).reactions).toEqual([
      { reaction: 'heart', count: 1, mine: false },
      { reaction: 'tears', count: 1, mine: true },
    ]);
    expect((await responses(owner, story.id, true)).reactions.map((r) => [r.reaction, r.count, r.mine])).toEqual([
      ['heart', 1, false],
      ['tears', 1, false],
    ]);
    expect((await aino.client.put(`/api/family/stories/${story.id}/reaction`, { reaction: 'angry' })).status).toBe(400);
    expect((await aino.client.request('DELETE', `/api/family/stories/${story.id}/reaction`)).status).toBe(204);
    expect((await responses(pekka.client, story.id)).reactions).toEqual([{ reaction: 'heart', count: 1, mine: true }]);
  });
});

describe('voice replies', () => {
  it("go through the owner's upload path as a contribution under the reader's name, for the owner to weave in or not", async () => {
    const story = await sharedStory({ language: 'fi' });
    const reader = await familyReader(server, ownerId, { name: 'Aino' });
    const response = await replyBy(reader.client, story.id);
    expect(response.status, await response.clone().text()).toBe(201);
    const reply: FamilyReplyView = await response.json();
    expect(reply).toMatchObject({ authorName: 'Aino', mine: true, audioUrl: `/api/recordings/${reply.id}/audio` });
    expect(reply.duration).toBeGreaterThan(1);

    const row = await recordingRow(reply.id);
    expect(row).toMatchObject({ userId: ownerId, storyId: story.id, contributorName: 'Aino', familyMemberId: reader.memberId, coAuthorTokenId: null, processingStatus: 'uploaded' });
    expect(row.settings).toMatchObject({ language: 'fi', contextType: 'story' });
    expect(row.settings.transcriptionModel).toBeUndefined();
    expect(await server.store.size(row.audioKey)).toBe(wav.length);
    // Marked new, never rewritten behind the owner's back; the owner sees it among the story's recordings under the reader's name.
    const withRecordings = await (await owner.get(`/api/stories/${story.id}/with-recordings`)).json();
    expect(withRecordings.hasNewRecordings).toBe(true);
    expect(withRecordings.recordings.find((r: { id: number }) => r.id === reply.id)).toMatchObject({ contributorName: 'Aino', familyReply: true });
    expect((await responses(owner, story.id, true)).replies.map((r) => [r.id, r.authorName])).toEqual([[reply.id, 'Aino']]);
    // It is the circle's: whoever holds the story's co-author link does not get it.
    const link = await seed.coAuthorToken(ownerId, story.id);
    const linkView = await (await new HttpClient(server.url).get(`/api/co-author/${link.token}`)).json();
    expect(linkView.recordings).toEqual([]);
  });

  it("are counted per reader for the hour, like a link's contributions", async () => {
    const story = await sharedStory();
    const aino = await familyReader(server, ownerId);
    const pekka = await familyReader(server, ownerId);
    expect((await replyBy(aino.client, story.id)).status).toBe(201);
    const second = await replyBy(aino.client, story.id);
    expect(second.status).toBe(429);
    expect((await second.json()).code).toBe('reply_limit');
    expect(second.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await replyBy(pekka.client, story.id)).status).toBe(201);
  });

  it("a reader deletes only their own reply, and never the storyteller's own recordings", async () => {
    const story = await sharedStory();
    const own = await seed.recording(ownerId, { storyId: story.id });
    const aino = await familyReader(server, ownerId, { name: 'Aino' });
    const pekka = await familyReader(server, ownerId, { name: 'Pekka' });
    const reply: FamilyReplyView = await (await replyBy(aino.client, story.id)).json();
    expect((await responses(pekka.client, story.id)).replies.map((r) => [r.id, r.mine])).toEqual([[reply.id, false]]);

    expect((await pekka.client.request('DELETE', `/api/family/replies/${reply.id}`)).status).toBe(404);
    expect((await aino.client.request('DELETE', `/api/family/replies/${own.id}`)).status).toBe(404);
    expect(await recordingRow(own.id)).toBeDefined();
    expect((await aino.client.request('DELETE', `/api/family/replies/${reply.id}`)).status).toBe(204);
    expect(await recordingRow(reply.id)).toBeUndefined();
  });

  it('refuses what is not audio, keeping nothing', async () => {
    const story = await sharedStory();
    const reader = await familyReader(server, ownerId);
    const response = await replyBy(reader.client, story.id, Buffer.from('this is not audio at all, only some text bytes'));
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('unprocessable_audio');
    expect(await server.database.db.select().from(recordings).where(eq(recordings.familyMemberId, reader.memberId))).toEqual([]);
  });
});
