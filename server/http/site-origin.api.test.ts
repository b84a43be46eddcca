import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../test/fakes/smtp-server.ts';
import { signedUpClient } from '../../test/support/http-client.ts';
import { resetLinkIn } from '../../test/support/mail-messages.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

// No absolute link is built from a request's headers: a forged Host (and a matching forged
// Origin, as a page on a rebound name sends) leads nothing anywhere else (decision 027).
const EVIL = 'evil.example';
const MAIL_WAIT_MS = 5_000;

let smtp: FakeSmtp;
let server: TestApp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

interface RawAnswer {
  status: number;
  body: string;
}

/** A request with any Host header (fetch sets Host itself), to the test server's socket. */
function forged(method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<RawAnswer> {
  const { port } = new URL(server.url);
  const data = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { host: EVIL, ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}), ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

/** The password reset e-mail to `email` (sign-up sent it a verification e-mail before). */
async function resetMailTo(email: string) {
  for (;;) {
    const mail = await smtp.nextMailTo(email, MAIL_WAIT_MS);
    if (mail.subject === 'Reset your Saaga password') return mail;
  }
}

const sessionOf = async (email: string) => {
  const { client, id } = await signedUpClient(server.url, email);
  return { cookie: `saaga_session=${client.cookie('saaga_session')}`, id, client };
};

describe('a forged Host header', () => {
  it('does not lead an e-mailed password reset link away from this server', async () => {
    const email = 'reset-host@example.com';
    await signedUpClient(server.url, email);
    const answer = await forged('POST', '/api/auth/local/forgot-password', {}, { email });
    expect(answer.status).toBe(202);
    const mail = await resetMailTo(email);
    const link = resetLinkIn(mail.text);
    expect(link.startsWith(`${server.url}/reset-password?token=`)).toBe(true);
    expect(mail.text).not.toContain(EVIL);
  });

  it('with a matching forged Origin is refused, and no link is mailed', async () => {
    const email = 'reset-origin@example.com';
    await signedUpClient(server.url, email);
    const answer = await forged('POST', '/api/auth/local/forgot-password', { origin: `http://${EVIL}` }, { email });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'forbidden_origin' });
    // A real request afterwards is the first mail this address gets.
    await fetch(`${server.url}/api/auth/local/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const mail = await resetMailTo(email);
    expect(resetLinkIn(mail.text).startsWith(server.url)).toBe(true);
    expect(smtp.received.filter((m) => m.recipients.includes(email) && m.subject === mail.subject)).toHaveLength(1);
  });

  it('with a matching forged Origin cannot change a signed-in person’s account', async () => {
    const { cookie, client } = await sessionOf('origin-host@example.com');
    const answer = await forged('PUT', '/api/auth/author-name', { origin: `http://${EVIL}`, cookie }, { authorName: 'Mallory' });
    expect(answer.status).toBe(403);
    expect((await (await client.get('/api/auth/user')).json()).authorName).toBeNull();
  });

  it('does not reach a published story’s address, its page’s canonical and Open Graph URLs', async () => {
    const { cookie, id } = await sessionOf('publish-host@example.com');
    const story = await seeder(server.database.db, server.store).story(id, { title: 'Kesä', content: 'Soudimme järven yli.' });
    const published = await forged('POST', `/api/stories/${story.id}/publish`, { cookie }, { generateAudio: false });
    expect(published.status, published.body).toBe(200);
    const { url, publishedStory } = JSON.parse(published.body);
    expect(url).toBe(`${server.url}/published/${publishedStory.slug}`);
    const status = JSON.parse((await forged('GET', `/api/stories/${story.id}/published-status`, { cookie })).body);
    expect(status.publishedStory.publicUrl).toBe(url);

    const page = await forged('GET', `/published/${publishedStory.slug}`, {});
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="${url}" />`);
    expect(page.body).toMatch(new RegExp(`property="og:url" content="${url}"`));
    expect(page.body).not.toContain(EVIL);
  });

  it('does not reach a co-author link', async () => {
    const { cookie, id } = await sessionOf('coauthor-host@example.com');
    const story = await seeder(server.database.db, server.store).story(id);
    const made = await forged('POST', `/api/stories/${story.id}/co-author-token`, { cookie });
    expect(made.status, made.body).toBe(201);
    const link = JSON.parse(made.body);
    expect(link.url).toBe(`${server.url}/co-author/${link.token}`);
    const listed = JSON.parse((await forged('GET', `/api/stories/${story.id}/co-author-tokens`, { cookie })).body);
    // The address is given only once, when the link is made (decision 028): the list has none to lead away.
    expect(listed.map((item: { url: string | null }) => item.url)).toEqual([null]);
  });
});

describe('the loopback default', () => {
  it('counts this machine’s names at the port as the site, and only at the port', async () => {
    const { client } = await sessionOf('loopback-names@example.com');
    const { port } = new URL(server.url);
    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
      const response = await client.put('/api/auth/author-name', { authorName: 'Aino' }, { origin });
      expect(response.status, origin).toBe(200);
    }
    expect((await client.put('/api/auth/author-name', { authorName: 'Aino' }, { origin: 'http://localhost:1' })).status).toBe(403);
  });
});

describe('a server on a public interface without PUBLIC_URL', () => {
  it('sends no link and says why, and still lets people in', async () => {
    const open = await startTestApp({ HOST: '0.0.0.0', SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000' });
    try {
      const local = open.url.replace('0.0.0.0', '127.0.0.1');
      expect(open.app.site.knowsLinks()).toBe(false);
      expect(open.app.site.describe()).toMatch(/PUBLIC_URL is not set/);
      const { client } = await signedUpClient(local, 'no-public-url@example.com');
      const forgot = await client.post('/api/auth/local/forgot-password', { email: 'no-public-url@example.com' });
      expect(forgot.status).toBe(503);
      expect(await forgot.json()).toMatchObject({ code: 'site_address_unknown', message: expect.stringMatching(/PUBLIC_URL/) });
    } finally {
      await open.close();
    }
  });
});
