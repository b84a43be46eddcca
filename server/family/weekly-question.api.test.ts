import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { familyMailContext } from '../../test/support/family-mail.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import type { MimeMessage } from '../../test/support/mime-message.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { familyQuestions, recordLinks, users, weeklyQuestionSends } from '../db/schema.ts';
import { sendJob } from '../jobs/send-job.ts';
import { startJobRunner } from '../jobs/runner.ts';
import { runWeeklyTick, weeklyTickJob } from './mail/weekly-tick.ts';
import { waitFor } from '../../test/support/pipeline.ts';

// The weekly question e-mail on a real database and queue, the clock moved by the test:
// Monday 9:00 in Helsinki is 07:00 UTC in winter.
const MONDAY_0705_UTC = new Date('2026-11-30T07:05:00Z');
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);

let server: TestApp;
let owner: HttpClient;
let ownerId: string;
let mail: ReturnType<typeof familyMailContext>;
const clock = { now: MONDAY_0705_UTC };

beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});
let count = 0;
beforeEach(async () => {
  count += 1;
  ({ client: owner, id: ownerId } = await signedUpClient(server.url, `teller${count}@example.com`, 'fi'));
  // A verified address, as after the link in the sign-up e-mail.
  await server.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, ownerId));
  mail = familyMailContext(server, clock);
  clock.now = MONDAY_0705_UTC;
});
afterEach(() => {
  expect(mail.errors).toEqual([]);
});

const mondayNineHelsinki = { enabled: true, day: 1, minute: 9 * 60, timeZone: 'Europe/Helsinki' };
const tick = () => runWeeklyTick(mail.ctx, clock.now);
const mine = () => mail.outbox().filter((m) => m.to.includes(`teller${count}@`));
const linkIn = (text: string, pattern: RegExp) => {
  const link = text.match(pattern)?.[0];
  if (!link) throw new Error(`no ${pattern} in:\n${text}`);
  return link;
};
const recordLinkOf = (m: MimeMessage) => linkIn(m.part('text/plain')!.text(), /https?:\/\/\S+\/record-link\/[\w-]+/);
const oneClickOf = (m: MimeMessage) => m.header('list-unsubscribe')!.replace(/^<|>$/g, '');

describe('the weekly question settings', () => {
  it('asks for a session before anything else, checks the time zone with Intl, and keeps the schedule', async () => {
    const anonymous = new HttpClient(server.url);
    expect((await anonymous.put('/api/family/weekly-question', { nonsense: true })).status).toBe(401);
    expect((await anonymous.get('/api/family/weekly-question')).status).toBe(401);

    const initial = await (await owner.get('/api/family/weekly-question')).json();
    expect(initial).toEqual({ enabled: false, day: 1, minute: 540, timeZone: null });

    const badZone = await owner.put('/api/family/weekly-question', { ...mondayNineHelsinki, timeZone: 'Europe/Atlantis' });
    expect(badZone.status).toBe(400);
    expect((await badZone.json()).code).toBe('invalid_time_zone');
    expect((await owner.put('/api/family/weekly-question', { ...mondayNineHelsinki, minute: 1440 })).status).toBe(400);

    expect((await owner.put('/api/family/weekly-question', { ...mondayNineHelsinki, day: 3, minute: 570 })).status).toBe(200);
    expect(await (await owner.get('/api/family/weekly-question')).json()).toEqual({ enabled: true, day: 3, minute: 570, timeZone: 'Europe/Helsinki' });
  });

  it('refuses to turn the e-mail on for an address not yet confirmed', async () => {
    await server.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, ownerId));
    const refused = await owner.put('/api/family/weekly-question', mondayNineHelsinki);
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe('email_not_verified');
  });
});

describe('the weekly tick', () => {
  it('sends one e-mail when the local slot has come, exactly one with two ticks at once, and the next a week later', async () => {
    await owner.put('/api/family/weekly-question', mondayNineHelsinki);
    clock.now = at(MONDAY_0705_UTC, -15); // 8:50 in Helsinki: not yet
    await tick();
    expect(mine()).toHaveLength(0);

    clock.now = MONDAY_0705_UTC;
    // Two workers' ticks on one database at the same moment.
    const [a, b] = await Promise.all([runWeeklyTick(mail.ctx, clock.now), runWeeklyTick({ ...mail.ctx }, clock.now)]);
    expect(a.questions + b.questions).toBe(1);
    expect(mine()).toHaveLength(1);
    clock.now = at(MONDAY_0705_UTC, 15);
    await tick();
    expect(mine()).toHaveLength(1);

    clock.now = new Date(MONDAY_0705_UTC.getTime() + WEEK_MS);
    await Promise.all([tick(), tick()]);
    const sent = mine();
    expect(sent).toHaveLength(2);
    // The week's question is not last week's.
    expect(sent[1].part('text/plain')!.text()).not.toEqual(sent[0].part('text/plain')!.text());
    const slots = await server.database.db.select().from(weeklyQuestionSends).where(eq(weeklyQuestionSends.userId, ownerId));
    expect(slots.map((s) => s.slotAt.toISOString()).sort()).toEqual(['2026-11-30T07:00:00.000Z', '2026-12-07T07:00:00.000Z']);
  });

  it('runs as a job of the real queue (what pg-boss\'s schedule sends), with the clock of its context', async () => {
    await owner.put('/api/family/weekly-question', mondayNineHelsinki);
    const runner = startJobRunner(server.queue, mail.ctx, [weeklyTickJob], { concurrency: 2, pollIntervalMs: 100, retryDelayMs: 0, log: mail.ctx.log });
    try {
      await sendJob(server.queue, weeklyTickJob, {});
      await waitFor(async () => mine().length, (n) => n === 1, 15_000, 'the tick job sent the weekly question');
    } finally {
      await runner.stop();
    }
  });

  it('sends nothing when the weekly question is turned off', async () => {
    await owner.put('/api/family/weekly-question', { ...mondayNineHelsinki, enabled: false });
    await tick();
    expect(await server.database.db.select().from(weeklyQuestionSends).where(eq(weeklyQuestionSends.userId, ownerId))).toEqual([]);
    expect(mine()).toHaveLength(0);
  });

  it('asks the relatives\' questions first, the least recently e-mailed, in the storyteller\'s language', async () => {
    const db = server.database.db;
    const [older] = await db.insert(familyQuestions).values({ userId: ownerId, askerName: 'Aino', text: 'Mikä oli ensimmäinen työsi?', createdAt: new Date('2026-11-01') }).returning();
    const [newer] = await db.insert(familyQuestions).values({ userId: ownerId, askerName: 'Eero', text: 'Missä tapasit mummin?', createdAt: new Date('2026-11-02') }).returning();
    await owner.put('/api/family/weekly-question', mondayNineHelsinki);
    await tick();
    clock.now = new Date(MONDAY_0705_UTC.getTime() + WEEK_MS);
    await tick();
    const [first, second] = mine();
    expect(first.subject).toBe('Viikon kysymys: kerro tarinasi');
    expect(first.part('text/plain')!.text()).toContain(older.text);
    expect(second.part('text/plain')!.text()).toContain(newer.text);
    const [row] = await db.select().from(familyQuestions).where(eq(familyQuestions.id, older.id));
    expect(row.lastEmailedAt?.toISOString()).toBe(MONDAY_0705_UTC.toISOString());
    // Its link opens the recorder on that question, as the recorder's relatives' question.
    const opened = await new HttpClient(server.url).post(new URL(recordLinkOf(first)).pathname.replace('/record-link/', '/api/record-links/'));
    expect(await opened.json()).toMatchObject({ question: older.text, questionId: `family:${older.id}` });
  });
});

describe('the e-mail and its links', () => {
  it('has a text and an HTML part, the unsubscribe headers, and a link that signs its storyteller in once', async () => {
    await owner.put('/api/family/weekly-question', mondayNineHelsinki);
    await tick();
    const [message] = mine();
    expect(message.header('list-unsubscribe')).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/email\/unsubscribe\?token=[\w.%-]{60,}>$/);
    expect(message.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const text = message.part('text/plain')!.text();
    const html = message.part('text/html')!.text();
    const link = recordLinkOf(message);
    expect(link.startsWith(`${server.url}/record-link/`)).toBe(true);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('/unsubscribe?token=');
    expect(text).toContain('/unsubscribe?token=');

    // Opened on a device where nobody is signed in: the page calls the API with the link's token.
    const phone = new HttpClient(server.url);
    const apiPath = new URL(link).pathname.replace('/record-link/', '/api/record-links/');
    const opened = await phone.post(apiPath);
    expect(opened.status).toBe(200);
    const body = await opened.json();
    expect(body.signedIn).toBe(true);
    expect(text).toContain(body.question);
    expect((await (await phone.get('/api/auth/user')).json()).id).toBe(ownerId);

    const again = await new HttpClient(server.url).post(apiPath);
    expect(again.status).toBe(404);
    expect((await again.json()).code).toBe('record_link_invalid');
  });

  it('never signs in as its storyteller a browser signed in as someone else, and leaves the link unused', async () => {
    await owner.put('/api/family/weekly-question', mondayNineHelsinki);
    await tick();
    const apiPath = new URL(recordLinkOf(mine()[0])).pathname.replace('/record-link/', '/api/record-links/');
    const { client: other, id: otherId } = await signedUpClient(server.url, `other${count}@example.com`);
    const refused = await other.post(apiPath);
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe('record_link_other_account');
    expect((await (await other.get('/api/auth/user')).json()).id).toBe(otherId);
    // The storyteller's own browser, signed in already, still gets it once.
    const opened = await owner.post(apiPath);
    expect(opened.status).toBe(200);
    expect((await opened.json()).signedIn).toBe(false);
  });

  it('refuses an expired link', async () => {
    await owner.put('/api/family/weekly-question', mondayNineHelsinki);
    await tick();
    await server.database.db.update(recordLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(recordLinks.userId, ownerId));
    const expired = await new HttpClient(server.url).post(new URL(recordLinkOf(mine()[0])).pathname.replace('/record-link/', '/api/record-links/'));
    expect(expired.status).toBe(404);
    expect((await expired.json()).code).toBe('record_link_invalid');
  });

  it('stops with one click (POST), never with a GET, and no e-mail comes the week after', async () => {
    await owner.put('/api/family/weekly-question', mondayNineHelsinki);
    await tick();
    const oneClick = oneClickOf(mine()[0]);
    expect(oneClick.startsWith(`${server.url}/api/email/unsubscribe?token=`)).toBe(true);

    // A link scanner's GET leads to the page with the button and changes nothing.
    const scanned = await fetch(oneClick, { redirect: 'manual' });
    expect(scanned.status).toBe(303);
    expect(scanned.headers.get('location')).toMatch(/^\/unsubscribe\?token=/);
    expect((await (await owner.get('/api/family/weekly-question')).json()).enabled).toBe(true);

    // A forged token stops nothing.
    const forged = await fetch(oneClick.replace(/.{4}$/, 'AAAA'), { method: 'POST' });
    expect(forged.status).toBe(404);

    // The mail program's one-click POST (RFC 8058): a form body, no Origin.
    const stopped = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ stopped: 'weekly' });
    expect((await (await owner.get('/api/family/weekly-question')).json()).enabled).toBe(false);

    clock.now = new Date(MONDAY_0705_UTC.getTime() + WEEK_MS);
    await tick();
    expect(mine()).toHaveLength(1);
  });
});
