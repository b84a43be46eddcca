import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { familyMailContext } from '../../test/support/family-mail.ts';
import { type HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { waitFor } from '../../test/support/pipeline.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { familyMemberChapters, familyMembers, familyStoryNotices, stories, users } from '../db/schema.ts';
import { sendJob } from '../jobs/send-job.ts';
import { writeStoryJob } from '../pipeline/write-story-job.ts';
import { DIGEST_SLOT, runWeeklyTick } from './mail/weekly-tick.ts';
import { latestWeeklySlot } from './mail/weekly-slot.ts';

// New stories reach the family: the real write-story job (the writer a local fake of the
// OpenAI API), the real queue and workers, e-mails read from the outbox.
const SETTLED = 30_000;
const WRITTEN = { title: 'The Summer at Näsijärvi', content: 'We rowed across the lake every morning before the sun was up.\n\nLater we swam.', people: [], locations: [], dates: [], storyType: 'other' };

let fake: FakeOpenAi;
let server: TestApp;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  dataDir = mkdtempSync(path.join(tmpdir(), 'saaga-notices-'));
  server = await startTestApp({ DATA_DIR: dataDir, LOGIN_RATE_LIMIT: '1000' }, { engines: fakeOpenAiEngines(fake) });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
afterEach(() => {
  expect(server.backgroundErrors).toEqual([]);
});

let count = 0;
/** A storyteller with two chapters and relatives who hear of new stories in every way there is. */
async function circle(options: { reviewFirst?: boolean } = {}) {
  count += 1;
  const db = server.database.db;
  const seed = seeder(db, server.store);
  const { client: owner, id: ownerId } = await signedUpClient(server.url, `teller${count}@example.com`);
  await db.update(users).set({ firstName: 'Aino', familyReviewFirst: options.reviewFirst ?? false }).where(eq(users.id, ownerId));
  const lake = await seed.chapter(ownerId, 'The lake');
  const city = await seed.chapter(ownerId, 'The city');
  const member = async (name: string, fields: Partial<typeof familyMembers.$inferInsert>) => {
    const [row] = await db
      .insert(familyMembers)
      .values({ userId: ownerId, name, email: `${name.toLowerCase()}${count}@example.com`, joinedAt: new Date(), ...fields })
      .returning();
    return row;
  };
  const members = {
    ann: await member('Ann', { notice: 'each', language: 'en' }),
    ben: await member('Ben', { notice: 'each', scopeAll: false }), // the city chapter only
    cy: await member('Cy', { notice: 'weekly', language: 'fi' }),
    dee: await member('Dee', { notice: 'off' }),
    eve: await member('Eve', { notice: 'each', joinedAt: null }), // invited, never came
    fay: await member('Fay', { notice: 'weekly' }),
  };
  await db.insert(familyMemberChapters).values({ memberId: members.ben.id, chapterId: city.id });
  /** A story in the lake chapter with a transcribed recording and a photo, then written by the real job. */
  const writeStory = async (fields: Partial<typeof stories.$inferInsert> = {}) => {
    const story = await seed.story(ownerId, { processingStatus: 'processing', generatedAt: null, title: 'Untitled recording', content: '', chapterId: lake.id, ...fields });
    await seed.recording(ownerId, { storyId: story.id });
    const photo = await seed.photo(ownerId, { storyId: story.id });
    fake.setChatReply(WRITTEN);
    await sendJob(server.queue, writeStoryJob, { storyId: story.id, regenerate: false });
    await waitFor(
      async () => (await db.select().from(stories).where(eq(stories.id, story.id)))[0],
      (row) => row.processingStatus === 'generated',
      SETTLED,
      'the story written',
    );
    return { story, photo };
  };
  return { owner, ownerId, members, writeStory };
}

const db = () => server.database.db;
const noticesOf = async (storyId: number) =>
  (await db().select().from(familyStoryNotices).where(eq(familyStoryNotices.storyId, storyId))).map((n) => ({ memberId: n.memberId, sent: n.sentAt !== null }));
const outboxTo = (address: string) => familyMailContext(server, { now: new Date() }, dataDir).outbox().filter((m) => m.to.includes(address));

describe('a story written reaches the family', () => {
  it('sends each reader who wants every story one e-mail, keeps it for the weekly ones, and none to readers it is not shared with', async () => {
    const { members, writeStory } = await circle();
    const { story } = await writeStory();
    await waitFor(() => noticesOf(story.id), (n) => n.some((x) => x.memberId === members.ann.id && x.sent), SETTLED, "Ann's notice sent");
    await waitFor(async () => outboxTo(members.ann.email!).length, (n) => n === 1, SETTLED, "Ann's e-mail in the outbox");
    // Ben reads the city chapter only, Dee wants none, Eve never joined: no notice at all. Cy's waits for the digest.
    expect((await noticesOf(story.id)).sort((a, b) => a.memberId - b.memberId)).toEqual([
      { memberId: members.ann.id, sent: true },
      { memberId: members.cy.id, sent: false },
      { memberId: members.fay.id, sent: false },
    ]);
    for (const other of [members.ben, members.cy, members.dee, members.eve]) expect(outboxTo(other.email!)).toEqual([]);
    const [row] = await db().select().from(stories).where(eq(stories.id, story.id));
    expect(row.sharedWithFamilyAt).not.toBeNull();
  });

  it('writes the e-mail with its text and HTML parts, the cover inline, the reading link and one-click unsubscribe', async () => {
    const { members, writeStory } = await circle();
    const { story } = await writeStory();
    await waitFor(async () => outboxTo(members.ann.email!).length, (n) => n === 1, SETTLED, "Ann's e-mail in the outbox");
    const [message] = outboxTo(members.ann.email!);
    expect(message.subject).toBe(`Aino: a new story – ${WRITTEN.title}`);
    const link = `${server.url}/family/stories/${story.id}`;
    const text = message.part('text/plain')!.text();
    const html = message.part('text/html')!.text();
    expect(text).toContain('We rowed across the lake every morning before the sun was up.');
    expect(text).not.toContain('Later we swam.'); // the first lines only
    expect(text).toContain(link);
    expect(html).toContain(`href="${link}"`);
    const cover = message.part('image/jpeg')!;
    expect(cover.body.toString()).toBe('not really a thumb photo');
    expect(html).toContain(`src="cid:${cover.contentId}"`);
    expect(message.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    const oneClick = message.header('list-unsubscribe')!.replace(/^<|>$/g, '');
    const stopped = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(await stopped.json()).toEqual({ stopped: 'notices' });
    const [ann] = await db().select().from(familyMembers).where(eq(familyMembers.id, members.ann.id));
    expect(ann.notice).toBe('off');
  });

  it('tells no one of an "only me" story, though it is written and shared like the others', async () => {
    const { members, writeStory } = await circle();
    const { story: hidden } = await writeStory({ onlyMe: true });
    const { story: told } = await writeStory();
    await waitFor(() => noticesOf(told.id), (n) => n.some((x) => x.memberId === members.ann.id && x.sent), SETTLED, "the other story's notice sent");
    const [row] = await db().select().from(stories).where(eq(stories.id, hidden.id));
    expect(row.sharedWithFamilyAt).not.toBeNull();
    expect(await noticesOf(hidden.id)).toEqual([]);
    await waitFor(async () => outboxTo(members.ann.email!).length, (n) => n === 1, SETTLED, "Ann's e-mail of the other story");
    expect(outboxTo(members.ann.email!)[0].subject).toContain(WRITTEN.title);
  });

  it('waits for the owner who reviews first, then "Share with family" sends it once; another account gets 404', async () => {
    const { owner, members, writeStory } = await circle({ reviewFirst: true });
    const { story } = await writeStory();
    const [written] = await db().select().from(stories).where(eq(stories.id, story.id));
    expect(written.sharedWithFamilyAt).toBeNull();
    expect(await noticesOf(story.id)).toEqual([]);

    const { client: stranger } = await signedUpClient(server.url, `stranger${count}@example.com`);
    expect((await stranger.post(`/api/stories/${story.id}/share-with-family`)).status).toBe(404);

    const shared = await owner.post(`/api/stories/${story.id}/share-with-family`);
    expect(shared.status).toBe(200);
    const again = await owner.post(`/api/stories/${story.id}/share-with-family`);
    expect((await again.json()).sharedWithFamilyAt).toBe((await shared.json()).sharedWithFamilyAt);
    await waitFor(async () => outboxTo(members.ann.email!).length, (n) => n >= 1, SETTLED, "Ann's e-mail in the outbox");
    await waitFor(() => noticesOf(story.id), (n) => n.every((x) => x.memberId !== members.ann.id || x.sent), SETTLED, 'the notices job done');
    expect(outboxTo(members.ann.email!)).toHaveLength(1);
  });
});

describe('the weekly digest', () => {
  it('sends the weekly readers one e-mail with the week\'s stories after Sunday 18:00, in their language, once', async () => {
    const { members, writeStory } = await circle();
    const first = await writeStory();
    const second = await writeStory();
    await waitFor(() => noticesOf(second.story.id), (n) => n.length === 3, SETTLED, 'the second story\'s notices');
    const clock = { now: new Date() };
    const mail = familyMailContext(server, clock, dataDir);
    // Before the next Sunday 18:00 (UTC: the storyteller chose no time zone) nothing goes.
    const sunday = latestWeeklySlot(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000), DIGEST_SLOT, 'UTC');
    clock.now = new Date(sunday.getTime() - 60_000);
    await runWeeklyTick(mail.ctx, clock.now);
    expect(outboxTo(members.cy.email!)).toEqual([]);

    clock.now = new Date(sunday.getTime() + 5 * 60_000);
    await Promise.all([runWeeklyTick(mail.ctx, clock.now), runWeeklyTick(mail.ctx, clock.now)]);
    const digests = outboxTo(members.cy.email!);
    expect(digests).toHaveLength(1);
    expect(digests[0].subject).toBe('Aino: viikon uudet tarinat');
    const text = digests[0].part('text/plain')!.text();
    for (const { story } of [first, second]) expect(text).toContain(`${server.url}/family/stories/${story.id}`);
    expect(digests[0].part('text/html')!.text()).toContain(`href="${server.url}/family"`);
    expect(digests[0].header('list-unsubscribe')).toMatch(/\/api\/email\/unsubscribe\?token=/);
    const waiting = await db().select().from(familyStoryNotices).where(and(eq(familyStoryNotices.memberId, members.cy.id)));
    expect(waiting.every((n) => n.sentAt !== null)).toBe(true);

    clock.now = new Date(sunday.getTime() + 20 * 60_000);
    await runWeeklyTick(mail.ctx, clock.now);
    expect(outboxTo(members.cy.email!)).toHaveLength(1);
    expect(mail.errors).toEqual([]);
  });

  it('sends no more than the account\'s e-mails an hour: the rest wait for a later tick', async () => {
    const { members, writeStory } = await circle();
    const { story } = await writeStory();
    await waitFor(async () => outboxTo(members.ann.email!).length, (n) => n === 1, SETTLED, "Ann's e-mail in the outbox"); // one of the hour's
    const clock = { now: new Date() };
    const mail = familyMailContext(server, clock, dataDir);
    mail.ctx.familyMail!.emailsPerHour = 2;
    const sunday = latestWeeklySlot(new Date(Date.now() + 7 * 24 * 60 * 60 * 1000), DIGEST_SLOT, 'UTC');
    clock.now = new Date(sunday.getTime() + 5 * 60_000);
    expect((await runWeeklyTick(mail.ctx, clock.now)).digests).toBe(1);
    expect(outboxTo(members.cy.email!).length + outboxTo(members.fay.email!).length).toBe(1);
    expect((await noticesOf(story.id)).filter((n) => !n.sent)).toHaveLength(1);
    expect(mail.errors).toEqual([]);
  });
});
