import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_COOKIE, FAMILY_MEMBERS_MAX } from '../../contract/family.ts';
import { HttpClient } from '../../test/support/http-client.ts';
import { type MimeMessage, readMimeMessage } from '../../test/support/mime-message.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { waitFor } from '../../test/support/wait-for.ts';
import { familyMembers, familySessions, users } from '../db/schema.ts';

// Invitations end to end on the real server: the link (only its hash kept), the e-mail as
// written to the outbox, the join page's calls, and that a link works once and only for joining.
const SITE = 'https://saaga.example.com';
const INVITATIONS_PER_HOUR = 4;
const MAIL_WAIT_MS = 5_000;
let app: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'saaga-family-outbox-'));
  app = await startTestApp({ DATA_DIR: dataDir, PUBLIC_URL: SITE, LOGIN_RATE_LIMIT: '1000', FAMILY_INVITATIONS_PER_HOUR: String(INVITATIONS_PER_HOUR) });
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A browser of this site (its writes carry PUBLIC_URL's Origin, as a browser on the site would). */
const browser = () => new HttpClient(app.url, SITE);
/** A new account (first name Aino), signed in in a browser of this site. */
async function owner(email: string, language?: 'en' | 'fi') {
  const client = browser();
  expect((await client.post('/api/auth/local/sign-up', { email, password: 'long enough password', firstName: 'Aino' })).status).toBe(202);
  const signIn = await client.post('/api/auth/local/sign-in', { email, password: 'long enough password' });
  expect(signIn.status).toBe(200);
  if (language) expect((await client.put('/api/auth/language-preference', { language })).status).toBeLessThan(300);
  const id = (await signIn.json()).id as string;
  // E-mailed invitations need a proven address (one test below shows the refusal without it).
  await app.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));
  return { client, id };
}
const tokenOf = (link: string) => link.split('/family/join/')[1];
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The outbox's messages to one address, parsed. */
function mailsTo(address: string): MimeMessage[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => readMimeMessage(readFileSync(path.join(outbox, name), 'utf8')))
    .filter((mail) => mail.to === address);
}

async function invite(client: HttpClient, body: object) {
  const response = await client.post('/api/family/invitations', body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: number; link: string; emailed: boolean };
}

describe('an invitation by e-mail', () => {
  it('e-mails a once-only link on the site’s own address, in the relative’s language, with text and HTML parts', async () => {
    const { client } = await owner('teller-mail@example.com');
    const created = await invite(client, { email: 'Mummo@Example.com ', name: 'Liisa', language: 'fi', scope: { all: true } });
    expect(created.emailed).toBe(true);
    expect(created.link).toMatch(/^https:\/\/saaga\.example\.com\/family\/join\/[\w-]{43}$/);
    // Only the token's hash is kept.
    const [row] = await app.database.db.select().from(familyMembers).where(eq(familyMembers.id, created.id));
    expect(row.invitationTokenHash).toBe(hash(tokenOf(created.link)));
    expect(row).toMatchObject({ email: 'mummo@example.com', language: 'fi', joinedAt: null });

    const [mail] = await waitFor(() => mailsTo('mummo@example.com'), (mails) => mails.length === 1, MAIL_WAIT_MS, 'the invitation in the outbox');
    expect(mail.subject).toBe('Aino kutsuu sinut lukemaan tarinoitaan');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative;/);
    expect(mail.text).toContain('Hei Liisa,');
    expect(mail.text).toContain(created.link);
    expect(mail.text).toContain('perhepiiriin');
    expect(mail.html).toContain('<html lang="fi">');
    expect(mail.html).toContain(`href="${created.link}"`);
    expect(mail.html).toContain('Liity ja lue');

    // The link in the e-mail opens the join page's preview, then joins, in a browser with no account.
    const relative = browser();
    const token = tokenOf(mail.text!.match(/https:\/\/\S+\/family\/join\/[\w-]+/)![0]);
    const preview = await relative.get(`/api/family/join/${token}`);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({ tellerName: 'Aino', name: 'Liisa', language: 'fi' });
    const joined = await relative.post(`/api/family/join/${token}`, { name: 'Liisa Koskinen' });
    expect(joined.status).toBe(200);
    expect(await joined.json()).toEqual({ circle: created.id });
    expect(relative.cookie(FAMILY_COOKIE)).toBeTruthy();
    // The reader's device sign-in: a signed, http-only, same-site cookie, Secure on an https site.
    const cookie = joined.headers.getSetCookie().find((line) => line.startsWith(`${FAMILY_COOKIE}=`));
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(await (await relative.get('/api/family/me')).json()).toEqual([
      { circle: created.id, tellerName: 'Aino', name: 'Liisa Koskinen', language: 'fi', notice: 'each', onAccount: false },
    ]);
    // The owner sees the relative joined.
    const [member] = await (await client.get('/api/family/members')).json();
    expect(member).toMatchObject({ id: created.id, name: 'Liisa Koskinen', email: 'mummo@example.com', state: 'joined', scope: { all: true } });
  });

  it('is written in the owner’s language when none is chosen, and a link handed over sends nothing', async () => {
    const { client } = await owner('teller-en@example.com', 'fi');
    await invite(client, { email: 'cousin@example.com', scope: { all: true } });
    const [mail] = await waitFor(() => mailsTo('cousin@example.com'), (mails) => mails.length === 1, MAIL_WAIT_MS, 'the invitation in the outbox');
    expect(mail.subject).toBe('Aino kutsuu sinut lukemaan tarinoitaan');
    expect(mail.text).toMatch(/^Hei,/);

    const before = readdirSync(path.join(dataDir, 'outbox')).length;
    // A forged Host or forwarded host leads the link nowhere else: it is made from PUBLIC_URL.
    const forged = await client.post('/api/family/invitations', { name: 'Pekka', language: 'en', scope: { all: true } }, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(forged.status).toBe(201);
    const byLink = (await forged.json()) as { link: string; emailed: boolean };
    expect(byLink.link.startsWith(`${SITE}/family/join/`)).toBe(true);
    expect(byLink.emailed).toBe(false);
    // The answer came after anything the request would have sent: nothing was.
    expect(readdirSync(path.join(dataDir, 'outbox')).length).toBe(before);
    const preview = await browser().get(`/api/family/join/${tokenOf(byLink.link)}`);
    expect(await preview.json()).toEqual({ tellerName: 'Aino', name: 'Pekka', language: 'en' });
  });
});

describe('an invitation link', () => {
  it('works once: a second use, or its preview, is 404 invalid_family_link', async () => {
    const { client } = await owner('teller-once@example.com');
    const { link } = await invite(client, { scope: { all: true } });
    const first = browser();
    expect((await first.post(`/api/family/join/${tokenOf(link)}`, { name: 'Eero' })).status).toBe(200);

    const second = browser();
    const again = await second.post(`/api/family/join/${tokenOf(link)}`, { name: 'Someone else' });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ code: 'invalid_family_link' });
    expect(second.cookie(FAMILY_COOKIE)).toBeUndefined();
    expect((await second.get(`/api/family/join/${tokenOf(link)}`)).status).toBe(404);
    expect((await second.get('/api/family/me')).status).toBe(401);
    // The first browser is still in.
    expect((await first.get('/api/family/me')).status).toBe(200);
  });

  it('is refused when it has expired, and a new link from the owner works where the old one does not', async () => {
    const { client } = await owner('teller-expired@example.com');
    const { id, link } = await invite(client, { name: 'Aila', scope: { all: true } });
    await app.database.db.update(familyMembers).set({ invitationExpiresAt: new Date(Date.now() - 1000) }).where(eq(familyMembers.id, id));
    const relative = browser();
    for (const response of [await relative.get(`/api/family/join/${tokenOf(link)}`), await relative.post(`/api/family/join/${tokenOf(link)}`, { name: 'Aila' })]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'invalid_family_link' });
    }
    expect((await (await client.get('/api/family/members')).json())[0]).toMatchObject({ id, state: 'expired' });

    const renewed = await client.post(`/api/family/members/${id}/link`);
    expect(renewed.status).toBe(201);
    const { link: newLink } = await renewed.json();
    expect(newLink).toMatch(/^https:\/\/saaga\.example\.com\/family\/join\/[\w-]{43}$/);
    expect((await relative.post(`/api/family/join/${tokenOf(link)}`, { name: 'Aila' })).status).toBe(404);
    expect((await relative.post(`/api/family/join/${tokenOf(newLink)}`, { name: 'Aila' })).status).toBe(200);
    expect((await (await client.get('/api/family/members')).json())[0]).toMatchObject({ id, state: 'joined' });
  });

  it('answers a made-up or malformed token with the same 404', async () => {
    for (const token of ['x'.repeat(43), 'short', 'a'.repeat(90), 'not+a*token'.padEnd(43, '!')]) {
      const response = await browser().get(`/api/family/join/${token}`);
      expect(response.status, token).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'invalid_family_link' });
    }
  });

  it('tells the owner who opens their own link so, and leaves it unused for the relative', async () => {
    const { client } = await owner('teller-own@example.com');
    const { id, link } = await invite(client, { scope: { all: true } });
    for (const response of [await client.get(`/api/family/join/${tokenOf(link)}`), await client.post(`/api/family/join/${tokenOf(link)}`, { name: 'Me' })]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'own_circle' });
    }
    expect(client.cookie(FAMILY_COOKIE)).toBeUndefined();
    expect((await browser().post(`/api/family/join/${tokenOf(link)}`, { name: 'Relative' })).status).toBe(200);
    const [row] = await app.database.db.select().from(familyMembers).where(eq(familyMembers.id, id));
    expect(row.readerUserId).toBeNull();
  });

  it('never signs anyone in to an account, even the one whose address was invited', async () => {
    const invited = await owner('has-account@example.com');
    const { client } = await owner('teller-account@example.com');
    const { id, link } = await invite(client, { email: 'has-account@example.com', scope: { all: true } });
    // The owner writes in English: so is the e-mail.
    const invitations = () => mailsTo('has-account@example.com').filter((m) => m.subject.includes('invites you'));
    const [mail] = await waitFor(invitations, (mails) => mails.length === 1, MAIL_WAIT_MS, 'the invitation');
    expect(mail.subject).toBe('Aino invites you to read their stories');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('<html lang="en">');
    // Whoever opens the link (here not the invited person) gets a reader's sign-in, nothing more.
    const holder = browser();
    expect((await holder.post(`/api/family/join/${tokenOf(link)}`, { name: 'Holder' })).status).toBe(200);
    expect((await holder.get('/api/auth/user')).status).toBe(401);
    expect((await holder.get('/api/family/members')).status).toBe(401);
    const [row] = await app.database.db.select().from(familyMembers).where(eq(familyMembers.id, id));
    expect(row.readerUserId).toBeNull();
    expect(invited.id).not.toBe(row.readerUserId);
  });

  it('put on the account of a signed-in relative who opens it, to read on their other devices', async () => {
    const relative = await owner('relative-signed-in@example.com');
    const { client } = await owner('teller-claim@example.com');
    const { id, link } = await invite(client, { scope: { all: true } });
    expect((await relative.client.post(`/api/family/join/${tokenOf(link)}`, { name: 'Sanna' })).status).toBe(200);
    const [row] = await app.database.db.select().from(familyMembers).where(eq(familyMembers.id, id));
    expect(row.readerUserId).toBe(relative.id);
    // Another browser signed in to the same account reads the circle without any family sign-in.
    const elsewhere = browser();
    await elsewhere.post('/api/auth/local/sign-in', { email: 'relative-signed-in@example.com', password: 'long enough password' });
    expect(elsewhere.cookie(FAMILY_COOKIE)).toBeUndefined();
    expect(await (await elsewhere.get('/api/family/me')).json()).toEqual([expect.objectContaining({ circle: id, name: 'Sanna', onAccount: true })]);
  });

  it('lets one device read two circles with one sign-in', async () => {
    const first = await owner('teller-first@example.com');
    const second = await owner('teller-second@example.com');
    const a = await invite(first.client, { scope: { all: true } });
    const b = await invite(second.client, { scope: { all: true } });
    const relative = browser();
    await relative.post(`/api/family/join/${tokenOf(a.link)}`, { name: 'Ville' });
    const cookie = relative.cookie(FAMILY_COOKIE);
    await relative.post(`/api/family/join/${tokenOf(b.link)}`, { name: 'Ville' });
    expect(relative.cookie(FAMILY_COOKIE)).toBe(cookie);
    expect((await (await relative.get('/api/family/me')).json()).map((circle: { circle: number }) => circle.circle)).toEqual([a.id, b.id]);
    expect(await app.database.db.select().from(familySessions).where(eq(familySessions.memberId, b.id))).toHaveLength(1);
  });
});

describe('inviting', () => {
  it('needs a session before anything else, even with a bad body', async () => {
    for (const body of [{ scope: { all: true } }, { nonsense: 1 }]) {
      const response = await browser().post('/api/family/invitations', body);
      expect(response.status).toBe(401);
    }
  });

  it('e-mails nobody from an account whose own address is not proven, and still makes a link to hand over', async () => {
    const { client, id } = await owner('unproven-teller@example.com');
    await app.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, id));
    const mailed = await client.post('/api/family/invitations', { email: 'someone@example.com', scope: { all: true } });
    expect(mailed.status).toBe(403);
    expect((await mailed.json()).code).toBe('email_not_verified');
    expect(await app.database.db.select().from(familyMembers).where(eq(familyMembers.userId, id))).toEqual([]);
    expect((await client.post('/api/family/invitations', { scope: { all: true } })).status).toBe(201);
  });

  it('answers another person’s chapter, or an unknown one, with 404 and invites nobody', async () => {
    const stranger = await owner('chapter-stranger@example.com');
    const { client, id } = await owner('teller-chapters@example.com');
    const seed = seeder(app.database.db);
    const mine = await seed.chapter(id, 'Childhood');
    const theirs = await seed.chapter(stranger.id, 'Their chapter');
    for (const chapterIds of [[mine.id, theirs.id], [mine.id, 999_999]]) {
      const response = await client.post('/api/family/invitations', { scope: { chapterIds } });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_found', message: 'Chapter not found' });
    }
    expect(await (await client.get('/api/family/members')).json()).toEqual([]);
    const created = await invite(client, { scope: { chapterIds: [mine.id] } });
    expect((await (await client.get('/api/family/members')).json())[0]).toMatchObject({ id: created.id, scope: { chapterIds: [mine.id] }, state: 'invited' });
  });

  it(`stops at ${FAMILY_MEMBERS_MAX} members with family_members_limit`, async () => {
    const { client, id } = await owner('teller-full@example.com');
    await app.database.db.insert(familyMembers).values(Array.from({ length: FAMILY_MEMBERS_MAX }, (_, i) => ({ userId: id, name: `Relative ${i}` })));
    const response = await client.post('/api/family/invitations', { scope: { all: true } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'family_members_limit' });
  });

  it(`is limited to ${INVITATIONS_PER_HOUR} an hour per account`, async () => {
    const { client } = await owner('teller-busy@example.com');
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++) await invite(client, { scope: { all: true } });
    const refused = await client.post('/api/family/invitations', { email: 'one-more@example.com', scope: { all: true } });
    expect(refused.status).toBe(429);
    expect(mailsTo('one-more@example.com')).toEqual([]);
    // Another account is counted apart.
    const other = await owner('teller-calm@example.com');
    await invite(other.client, { scope: { all: true } });
  });
});
