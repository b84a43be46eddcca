import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, type ReceivedMail, startFakeSmtp } from '../../test/fakes/smtp-server.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { readMessage, verificationLinkIn } from '../../test/support/mail-messages.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { emailVerificationTokens, users } from '../db/schema.ts';

// A real SMTP server on this machine receives what Saaga sends.
const MAIL_WAIT_MS = 5_000;
const TEST_EMAILS_PER_HOUR = 2;
let smtp: FakeSmtp;
let app: TestApp;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  app = await startTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000', TEST_EMAILS_PER_HOUR: String(TEST_EMAILS_PER_HOUR) });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const VERIFY_SUBJECT = { en: 'Confirm your e-mail address for Saaga', fi: 'Vahvista sähköpostiosoitteesi Saagassa' };

/** The next e-mail to `email` with this subject (others to it are passed over). */
async function mailTo(email: string, subject: string): Promise<ReceivedMail> {
  for (;;) {
    const mail = await smtp.nextMailTo(email, MAIL_WAIT_MS);
    if (mail.subject === subject) return mail;
  }
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const verify = (token: string, client = new HttpClient(app.url)) => client.post('/api/auth/verify-email', { token });
const currentUser = async (client: HttpClient) => (await client.get('/api/auth/user')).json();

/** A signed-in account whose address is verified through the link sign-up mailed to it. */
async function verifiedClient(email: string) {
  const { client } = await signedUpClient(app.url, email);
  const mail = await mailTo(email, VERIFY_SUBJECT.en);
  expect((await verify(tokenOf(verificationLinkIn(mail.text)))).status).toBe(200);
  return client;
}

describe('the verification link', () => {
  it('comes at sign-up, in the page’s language, to this site, and verifies the address once', async () => {
    const email = 'verify@example.com';
    const client = new HttpClient(app.url);
    await client.post('/api/auth/local/sign-up', { email, password: 'long enough password', firstName: 'Liisa', language: 'fi' });
    await client.post('/api/auth/local/sign-in', { email, password: 'long enough password' });
    expect(await currentUser(client)).toMatchObject({ email, emailVerified: false });

    const mail = await mailTo(email, VERIFY_SUBJECT.fi);
    const link = verificationLinkIn(mail.text);
    expect(link.startsWith(`${app.url}/verify-email?token=`)).toBe(true);
    expect(tokenOf(link).length).toBeGreaterThanOrEqual(43);
    // Only its hash is stored.
    const stored = await app.database.db.select().from(emailVerificationTokens);
    expect(stored.map((row) => row.id)).not.toContain(tokenOf(link));

    // Opened in another browser (no session): the address is verified all the same.
    const opened = await verify(tokenOf(link));
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ email });
    expect(await currentUser(client)).toMatchObject({ emailVerified: true });

    const again = await verify(tokenOf(link));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: 'verification_link_invalid' });
  });

  it('does not work once expired, nor with a made-up token', async () => {
    const email = 'expired@example.com';
    const { client, id } = await signedUpClient(app.url, email);
    const token = tokenOf(verificationLinkIn((await mailTo(email, VERIFY_SUBJECT.en)).text));
    await app.database.db.update(emailVerificationTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailVerificationTokens.userId, id));
    expect(await (await verify(token)).json()).toMatchObject({ code: 'verification_link_invalid' });
    expect((await verify('made-up')).status).toBe(400);
    expect(await currentUser(client)).toMatchObject({ emailVerified: false });
  });

  it('can be sent again from the account, a few times an hour, and not once verified', async () => {
    const email = 'again@example.com';
    const { client } = await signedUpClient(app.url, email); // the first link of the hour
    await mailTo(email, VERIFY_SUBJECT.en);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await client.post('/api/auth/verify-email/resend')).status);
    expect(statuses).toEqual([202, 202, 429]);
    const latest = await mailTo(email, VERIFY_SUBJECT.en);
    await mailTo(email, VERIFY_SUBJECT.en);
    expect((await verify(tokenOf(verificationLinkIn(latest.text)))).status).toBe(200);
    const verified = await client.post('/api/auth/verify-email/resend');
    expect(verified.status).toBe(409);
    expect(await verified.json()).toMatchObject({ code: 'email_already_verified' });
    expect((await new HttpClient(app.url).post('/api/auth/verify-email/resend')).status).toBe(401);
  });

  it('a password reset through an e-mailed link verifies the address too', async () => {
    const email = 'reset-verifies@example.com';
    const { client } = await signedUpClient(app.url, email);
    await client.post('/api/auth/local/forgot-password', { email });
    const reset = await mailTo(email, 'Reset your Saaga password');
    const token = reset.text.match(/reset-password\?token=([\w-]+)/)![1];
    const response = await new HttpClient(app.url).post('/api/auth/local/reset-password', { token, password: 'a brand new passphrase' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ emailVerified: true });
  });
});

describe('POST /api/email/welcome', () => {
  it('sends nothing to an address nobody has verified yet', async () => {
    const email = 'unverified@example.com';
    const { client } = await signedUpClient(app.url, email);
    await mailTo(email, VERIFY_SUBJECT.en);
    const response = await client.post('/api/email/welcome');
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'email_not_verified' });
    // The verification e-mail is the only one it got.
    await client.post('/api/auth/verify-email/resend');
    await mailTo(email, VERIFY_SUBJECT.en);
    expect(smtp.received.filter((mail) => mail.recipients.includes(email)).map((mail) => mail.subject)).toEqual([
      VERIFY_SUBJECT.en,
      VERIFY_SUBJECT.en,
    ]);
  });

  it('sends a welcome e-mail to the verified user in their language, with the site’s address, and returns its id', async () => {
    const client = await verifiedClient('liisa@example.com');
    await client.put('/api/auth/language-preference', { language: 'fi' });
    const response = await client.post('/api/email/welcome');
    expect(response.status).toBe(200);
    const { id, delivery } = await response.json();
    expect(id).toMatch(/@/);
    expect(delivery).toBe('smtp');
    const mail = await mailTo('liisa@example.com', 'Tervetuloa Saagaan');
    expect(mail.recipients).toEqual(['liisa@example.com']);
    expect(mail.raw).toContain(`Message-ID: <${id.replace(/^<|>$/g, '')}>`);
    expect(mail.text).toContain(app.url);
  });

  it('sends only TEST_EMAILS_PER_HOUR an hour per account', async () => {
    const client = await verifiedClient('often@example.com');
    const statuses: number[] = [];
    for (let i = 0; i <= TEST_EMAILS_PER_HOUR; i++) statuses.push((await client.post('/api/email/welcome')).status);
    expect(statuses).toEqual([...Array(TEST_EMAILS_PER_HOUR).fill(200), 429]);
    // Another account has its own share.
    expect((await (await verifiedClient('other@example.com')).post('/api/email/welcome')).status).toBe(200);
  });

  it('needs a session', async () => {
    expect((await new HttpClient(app.url).post('/api/email/welcome')).status).toBe(401);
  });

  it('writes the e-mail to the outbox folder of DATA_DIR when there is no SMTP server', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'saaga-outbox-'));
    const plain = await startTestApp({ DATA_DIR: dataDir });
    try {
      const { client, id } = await signedUpClient(plain.url, 'a@example.com');
      await plain.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));
      const response = await client.post('/api/email/welcome');
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toEqual({ id: expect.stringMatching(/@/), delivery: 'outbox' });
      const subjects = readdirSync(path.join(dataDir, 'outbox')).map((file) => readMessage(readFileSync(path.join(dataDir, 'outbox', file), 'utf8')).subject);
      expect(subjects).toContain('Welcome to Saaga');
    } finally {
      await plain.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
