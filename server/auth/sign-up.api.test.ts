import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, type ReceivedMail, startFakeSmtp } from '../../test/fakes/smtp-server.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { verificationLinkIn } from '../../test/support/mail-messages.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { SIGN_UP_NOTICES_PER_HOUR } from './sign-up-mail.ts';

// Sign-up tells nobody whether an address has an account: the same answer either way,
// and the e-mail to the address says which it was (decision 027).
const MAIL_WAIT_MS = 5_000;
const NOTICE = { en: 'Someone tried to create a Saaga account with your address', fi: 'Saaga-tiliä yritettiin luoda osoitteellasi' };
const VERIFY_EN = 'Confirm your e-mail address for Saaga';

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

async function mailTo(email: string, subject: string): Promise<ReceivedMail> {
  for (;;) {
    const mail = await smtp.nextMailTo(email, MAIL_WAIT_MS);
    if (mail.subject === subject) return mail;
  }
}

const signUp = (email: string, password = 'someone else’s password', language?: 'en' | 'fi') =>
  new HttpClient(server.url).post('/api/auth/local/sign-up', { email, password, firstName: 'Mallory', language });

/** Everything a caller can see of an answer: status, body and whether a cookie came. */
const seen = async (response: Response) => ({
  status: response.status,
  body: await response.json(),
  cookies: response.headers.getSetCookie(),
});

async function verify(email: string) {
  const link = verificationLinkIn((await mailTo(email, VERIFY_EN)).text);
  await new HttpClient(server.url).post('/api/auth/verify-email', { token: new URL(link).searchParams.get('token') });
}

describe('sign-up', () => {
  it('answers a taken address exactly as it answers a new one, with no session either way', async () => {
    const taken = 'taken@example.com';
    await signedUpClient(server.url, taken);
    const forTaken = await seen(await signUp(taken));
    const forNew = await seen(await signUp('brand-new@example.com'));
    expect(forTaken).toEqual(forNew);
    expect(forNew).toEqual({ status: 202, body: { message: expect.any(String) }, cookies: [] });
  });

  it('mails a new address its verification link, and a verified account a notice in its own language', async () => {
    const owner = 'owner@example.com';
    const { client } = await signedUpClient(server.url, owner);
    await verify(owner);
    await client.put('/api/auth/language-preference', { language: 'fi' });

    await signUp(owner, 'someone else’s password', 'en');
    const notice = await mailTo(owner, NOTICE.fi);
    expect(notice.text).toContain(`${server.url}/forgot-password`);
    expect(notice.text).not.toMatch(/token=/);
    // The stranger's password opened nothing.
    expect((await new HttpClient(server.url).post('/api/auth/local/sign-in', { email: owner, password: 'someone else’s password' })).status).toBe(401);
  });

  it('mails an unverified account its verification link again, not a notice', async () => {
    const email = 'unproven@example.com';
    await signedUpClient(server.url, email);
    await mailTo(email, VERIFY_EN);
    await signUp(email);
    await mailTo(email, VERIFY_EN);
    expect(smtp.received.filter((mail) => mail.recipients.includes(email) && mail.subject === NOTICE.en)).toEqual([]);
  });

  it(`sends an account at most ${SIGN_UP_NOTICES_PER_HOUR} notices an hour, however often it is tried`, async () => {
    const email = 'often-tried@example.com';
    await signedUpClient(server.url, email);
    await verify(email);
    for (let i = 0; i < SIGN_UP_NOTICES_PER_HOUR + 2; i++) expect((await signUp(email)).status).toBe(202);
    for (let i = 0; i < SIGN_UP_NOTICES_PER_HOUR; i++) await mailTo(email, NOTICE.en);
    // A message sent after all of them arrives: the ones held back were not merely late.
    await new HttpClient(server.url).post('/api/auth/local/forgot-password', { email });
    await mailTo(email, 'Reset your Saaga password');
    expect(smtp.received.filter((mail) => mail.recipients.includes(email) && mail.subject === NOTICE.en)).toHaveLength(SIGN_UP_NOTICES_PER_HOUR);
  });

  it('lets the new person straight in with the same credentials', async () => {
    const client = new HttpClient(server.url);
    const account = { email: 'newcomer@example.com', password: 'my own long passphrase' };
    expect((await client.post('/api/auth/local/sign-up', { ...account, firstName: 'Aino' })).status).toBe(202);
    expect((await client.post('/api/auth/local/sign-in', account)).status).toBe(200);
    expect(await (await client.get('/api/auth/user')).json()).toMatchObject({ email: account.email, firstName: 'Aino', emailVerified: false });
  });
});
