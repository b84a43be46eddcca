import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../test/fakes/smtp-server.ts';
import { HttpClient } from '../../test/support/http-client.ts';
import { readMessage, resetLinkIn } from '../../test/support/mail-messages.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { passwordResetTokens, sessions } from '../db/schema.ts';
import { waitFor } from '../../test/support/wait-for.ts';

const OLD_PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'lakeside sauna in july';
const MAIL_WAIT_MS = 5_000;

let smtp: FakeSmtp;
let server: TestApp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

let counter = 0;
async function signedUp(language?: 'en' | 'fi') {
  const client = new HttpClient(server.url);
  const email = `reset${++counter}@example.com`;
  expect((await client.post('/api/auth/local/sign-up', { email, password: OLD_PASSWORD, firstName: 'Aino' })).status).toBe(202);
  const response = await client.post('/api/auth/local/sign-in', { email, password: OLD_PASSWORD });
  expect(response.status).toBe(200);
  // Sign-up's verification e-mail, taken here so that the next e-mail to the address is the reset link.
  expect((await smtp.nextMailTo(email, MAIL_WAIT_MS)).subject).toBe('Confirm your e-mail address for Saaga');
  if (language) await client.put('/api/auth/language-preference', { language });
  return { client, email, id: (await response.json()).id as string };
}

const askForLink = (email: string, body: Record<string, string> = {}) =>
  new HttpClient(server.url).post('/api/auth/local/forgot-password', { email, ...body });

async function linkFor(email: string): Promise<{ link: string; token: string }> {
  expect((await askForLink(email)).status).toBe(202);
  const link = resetLinkIn((await smtp.nextMailTo(email, MAIL_WAIT_MS)).text);
  return { link, token: new URL(link).searchParams.get('token')! };
}

const reset = (token: string, password = NEW_PASSWORD, client = new HttpClient(server.url)) =>
  client.post('/api/auth/local/reset-password', { token, password });

const signIn = (email: string, password: string) =>
  new HttpClient(server.url).post('/api/auth/local/sign-in', { email, password });

describe('POST /api/auth/local/forgot-password', () => {
  it('answers an address with an account and one without in the same words, and mails only the first', async () => {
    const { email } = await signedUp();
    const unknown = await askForLink('nobody@example.com');
    const known = await askForLink(email.toUpperCase());
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect(unknown.headers.get('set-cookie')).toBe(known.headers.get('set-cookie'));

    const mail = await smtp.nextMailTo(email, MAIL_WAIT_MS);
    expect(mail.subject).toBe('Reset your Saaga password');
    expect(mail.text).toContain('Hi Aino,');
    expect(resetLinkIn(mail.text)).toMatch(new RegExp(`^${server.url}/reset-password\\?token=[\\w-]{43}$`));
    // Asked for before the known address: nothing went to it.
    expect(smtp.received.filter((m) => m.recipients.includes('nobody@example.com'))).toEqual([]);
  });

  it('writes in the language the person chose, else in the language of the page they asked on', async () => {
    const finn = await signedUp('fi');
    await askForLink(finn.email, { language: 'en' });
    const chosen = await smtp.nextMailTo(finn.email, MAIL_WAIT_MS);
    expect(chosen.subject).toBe('Saagan salasanan vaihtaminen');
    expect(chosen.text).toContain('Linkki toimii kerran ja tunnin ajan.');

    const undecided = await signedUp();
    await askForLink(undecided.email, { language: 'fi' });
    expect((await smtp.nextMailTo(undecided.email, MAIL_WAIT_MS)).subject).toBe('Saagan salasanan vaihtaminen');
  });

  it('stores only a hash of the link token, good for one hour', async () => {
    const { email, id } = await signedUp();
    const before = Date.now();
    const { token } = await linkFor(email);
    const rows = await server.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0].expiresAt.getTime() - before).toBeGreaterThan(59 * 60_000);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
  });

  it('sends at most five links an hour to one account, so nobody can flood an inbox', async () => {
    const { email, id } = await signedUp();
    const other = await signedUp();
    for (let i = 0; i < 6; i++) expect((await askForLink(email)).status).toBe(202);
    // The links are sent in the background, side by side: wait for five, then for a mail
    // asked for after all six, and a sixth link would have arrived by then too.
    const toEmail = () => smtp.received.filter((m) => m.recipients.includes(email) && m.subject === 'Reset your Saaga password').length;
    await expect.poll(toEmail, { timeout: MAIL_WAIT_MS }).toBeGreaterThanOrEqual(5);
    await askForLink(other.email);
    await smtp.nextMailTo(other.email, MAIL_WAIT_MS);
    expect(toEmail()).toBe(5);
    expect(await server.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, id))).toHaveLength(5);
  });

  it('refuses an address that is not one, naming the field', async () => {
    const response = await askForLink('not an address');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation', field: 'email' });
  });
});

describe('POST /api/auth/local/reset-password', () => {
  it('sets the new password and signs this browser in; the old password stops working', async () => {
    const { email } = await signedUp();
    const { token } = await linkFor(email);
    const browser = new HttpClient(server.url);
    const response = await reset(token, NEW_PASSWORD, browser);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email, firstName: 'Aino' });
    expect((await browser.get('/api/auth/user')).status).toBe(200);

    expect((await signIn(email, OLD_PASSWORD)).status).toBe(401);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('works once: the same link again, or two at the same time, set one password', async () => {
    const { email } = await signedUp();
    const { token } = await linkFor(email);
    const [first, second] = await Promise.all([reset(token, NEW_PASSWORD), reset(token, 'someone else wins the race')]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const loser = first.status === 400 ? first : second;
    expect(await loser.json()).toMatchObject({ code: 'reset_link_invalid' });
    const again = await reset(token, 'a third attempt at a password');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      code: 'reset_link_invalid',
      message: 'This password reset link has expired or has already been used. Ask for a new one.',
    });
    const winner = first.status === 200 ? NEW_PASSWORD : 'someone else wins the race';
    expect((await signIn(email, winner)).status).toBe(200);
  });

  it('signs out every other session of the account, a stolen one too', async () => {
    const { client: signedUpBrowser, email, id } = await signedUp();
    const otherDevice = new HttpClient(server.url);
    expect((await otherDevice.post('/api/auth/local/sign-in', { email, password: OLD_PASSWORD })).status).toBe(200);
    const { token } = await linkFor(email);
    const browser = new HttpClient(server.url);
    expect((await reset(token, NEW_PASSWORD, browser)).status).toBe(200);

    expect((await signedUpBrowser.get('/api/auth/user')).status).toBe(401);
    expect((await otherDevice.get('/api/auth/user')).status).toBe(401);
    expect((await browser.get('/api/auth/user')).status).toBe(200);
    expect(await server.database.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(1);
  });

  it('spends the account’s other links with it', async () => {
    const { email } = await signedUp();
    const older = await linkFor(email);
    const newer = await linkFor(email);
    expect((await reset(newer.token)).status).toBe(200);
    const response = await reset(older.token, 'yet another fine password');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'reset_link_invalid' });
  });

  it('refuses an expired link and keeps the old password', async () => {
    const { email, id } = await signedUp();
    const { token } = await linkFor(email);
    await server.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, id));
    const response = await reset(token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'reset_link_invalid' });
    expect((await signIn(email, OLD_PASSWORD)).status).toBe(200);
  });

  it('refuses a made-up or empty token the same way', async () => {
    for (const token of ['made-up-token', '']) {
      const response = await reset(token);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'reset_link_invalid' });
    }
  });

  it('holds a new password to the sign-up rules and keeps the link for a better one', async () => {
    const { email } = await signedUp();
    const { token } = await linkFor(email);

    const short = await reset(token, 'too short');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'validation', field: 'password' });

    const common = await reset(token, 'password1234');
    expect(common.status).toBe(400);
    expect(await common.json()).toMatchObject({ code: 'password_too_weak', field: 'password' });

    // The person's own address is no secret either.
    const own = await reset(token, `${email}2024`);
    expect(await own.json()).toMatchObject({ code: 'password_too_weak' });

    expect((await reset(token)).status).toBe(200);
  });

  it('lets a signed-in person use a link; the browser is then signed in to the link’s account', async () => {
    const { client: someoneElse } = await signedUp();
    const { email } = await signedUp();
    const { token } = await linkFor(email);
    expect((await reset(token, NEW_PASSWORD, someoneElse)).status).toBe(200);
    expect((await (await someoneElse.get('/api/auth/user')).json()).email).toBe(email);
  });
});

describe('GET /api/auth/local/reset-password/{token} (opening the link)', () => {
  const check = (token: string) => new HttpClient(server.url).get(`/api/auth/local/reset-password/${encodeURIComponent(token)}`);
  const spent = { code: 'reset_link_invalid', message: 'This password reset link has expired or has already been used. Ask for a new one.' };

  it('answers 204 for a live link, and spends nothing: the link still resets the password', async () => {
    const { email } = await signedUp();
    const { token } = await linkFor(email);
    const response = await check(token);
    expect(response.status).toBe(204);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await check(token)).status).toBe(204);
    expect((await reset(token)).status).toBe(200);
  });

  it('answers 410 reset_link_invalid for a link already used', async () => {
    const { email } = await signedUp();
    const { token } = await linkFor(email);
    expect((await reset(token)).status).toBe(200);
    const response = await check(token);
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual(spent);
  });

  it('answers 410 for an expired link, and for one that never was', async () => {
    const { email, id } = await signedUp();
    const { token } = await linkFor(email);
    await server.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, id));
    for (const tried of [token, 'made-up-token']) {
      const response = await check(tried);
      expect(response.status, tried).toBe(410);
      expect(await response.json(), tried).toEqual(spent);
    }
  });
});

describe('without SMTP_URL', () => {
  let dataDir: string;
  let plain: TestApp;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'saaga-outbox-'));
    plain = await startTestApp({ DATA_DIR: dataDir, PUBLIC_URL: 'https://saaga.example.com', LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await plain?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the e-mail to the outbox folder of DATA_DIR, with a link on PUBLIC_URL that works', async () => {
    const client = new HttpClient(plain.url, 'https://saaga.example.com');
    const email = 'outbox@example.com';
    expect((await client.post('/api/auth/local/sign-up', { email, password: OLD_PASSWORD, firstName: 'Eino' })).status).toBe(202);
    expect((await client.post('/api/auth/local/forgot-password', { email })).status).toBe(202);

    const outbox = path.join(dataDir, 'outbox');
    // Sign-up wrote its verification e-mail there too; the reset e-mail is the other one.
    const resetMail = () =>
      (existsSync(outbox) ? readdirSync(outbox, { withFileTypes: true }).filter((f) => f.isFile()) : [])
        .map((f) => ({ name: f.name, mail: readMessage(readFileSync(path.join(outbox, f.name), 'utf8')) }))
        .find(({ mail }) => mail.subject === 'Reset your Saaga password');
    const found = await waitFor(resetMail, (mail) => mail !== undefined, MAIL_WAIT_MS, 'the reset e-mail in the outbox');
    expect(found?.name).toMatch(/\.eml$/);
    const mail = found!.mail;
    expect(mail.to).toBe(email);
    const link = resetLinkIn(mail.text);
    expect(link).toMatch(/^https:\/\/saaga\.example\.com\/reset-password\?token=/);

    const token = new URL(link).searchParams.get('token')!;
    const response = await client.post('/api/auth/local/reset-password', { token, password: NEW_PASSWORD });
    expect(response.status).toBe(200);
  });
});

describe('rate limiting', () => {
  it('stops repeated requests for links and repeated tries of tokens, as sign-in does', async () => {
    // An unknown address: nothing is written anywhere.
    const limited = await startTestApp({ LOGIN_RATE_LIMIT: '2' });
    try {
      const client = new HttpClient(limited.url);
      const asks: number[] = [];
      const tries: number[] = [];
      for (let i = 0; i < 3; i++) {
        asks.push((await client.post('/api/auth/local/forgot-password', { email: 'someone@example.com' })).status);
        tries.push((await client.post('/api/auth/local/reset-password', { token: `guess${i}`, password: NEW_PASSWORD })).status);
      }
      expect(asks).toEqual([202, 202, 429]);
      expect(tries).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});
