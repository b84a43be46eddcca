import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../test/fakes/smtp-server.ts';
import { HttpClient } from '../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

// A real SMTP server on this machine receives what Saaga sends.
let smtp: FakeSmtp;
let app: TestApp;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  app = await startTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000' });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function signUp(email: string) {
  const client = new HttpClient(app.url);
  await client.post('/api/auth/local/sign-up', { email, password: 'long enough password', firstName: 'Liisa' });
  return client;
}

describe('POST /api/email/welcome', () => {
  it('sends a welcome e-mail to the user in their language and returns its id', async () => {
    const client = await signUp('liisa@example.com');
    await client.put('/api/auth/language-preference', { language: 'fi' });
    const response = await client.post('/api/email/welcome');
    expect(response.status).toBe(200);
    const { id, delivery } = await response.json();
    expect(id).toMatch(/@/);
    expect(delivery).toBe('smtp');
    const mail = await smtp.nextMailTo('liisa@example.com', 5000);
    expect(mail.recipients).toEqual(['liisa@example.com']);
    expect(mail.raw).toContain('Subject: Tervetuloa Saagaan');
    expect(mail.raw).toContain(`Message-ID: <${id.replace(/^<|>$/g, '')}>`);
  });

  it('needs a session', async () => {
    expect((await new HttpClient(app.url).post('/api/email/welcome')).status).toBe(401);
  });

  it('writes the e-mail to the outbox folder of DATA_DIR when there is no SMTP server', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'saaga-outbox-'));
    const plain = await startTestApp({ DATA_DIR: dataDir });
    try {
      const client = new HttpClient(plain.url);
      await client.post('/api/auth/local/sign-up', { email: 'a@example.com', password: 'long enough password', firstName: 'A' });
      const response = await client.post('/api/email/welcome');
      expect(response.status).toBe(200);
      const body = await response.json();
      expect(body).toEqual({ id: expect.stringMatching(/@/), delivery: 'outbox' });
      const [file, ...others] = readdirSync(path.join(dataDir, 'outbox'));
      expect(others).toEqual([]);
      expect(readFileSync(path.join(dataDir, 'outbox', file), 'utf8')).toContain('Subject: Welcome to Saaga');
    } finally {
      await plain.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
