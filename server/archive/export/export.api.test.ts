import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_LIMITS, type ArchiveExport } from '../../../contract/archive.ts';
import { localTestEngines } from '../../../test/support/engines.ts';
import { type FakeSmtp, type ReceivedMail, startFakeSmtp } from '../../../test/fakes/smtp-server.ts';
import { HttpClient, signedUpClient } from '../../../test/support/http-client.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { waitFor } from '../../../test/support/wait-for.ts';
import { archiveExports, users } from '../../db/schema.ts';
import { sweepExpiredExports } from './sweep-expired-exports.ts';

// The export's routes on the real server, its job run by the real workers, the ZIP in the
// real (local) blob store, the e-mail received by a real SMTP server on this machine.
const JOB_WAIT_MS = 30_000;
const MAIL_WAIT_MS = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;
let smtp: FakeSmtp;
let server: TestApp;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  // One worker: a job's e-mail is sent before the next job starts.
  server = await startTestApp({ SMTP_URL: smtp.url, LOGIN_RATE_LIMIT: '1000' }, { engines: localTestEngines(), workers: { concurrency: 1 } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const exportsOf = async (client: HttpClient): Promise<ArchiveExport[]> => (await client.get('/api/account/exports')).json();

/** Starts an export and waits until the list shows it ready. */
async function readyExport(client: HttpClient): Promise<ArchiveExport> {
  const started = await client.post('/api/account/export');
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as ArchiveExport;
  const list = await waitFor(() => exportsOf(client), (rows) => rows.find((row) => row.id === id)?.state === 'ready', JOB_WAIT_MS, `export ${id} ready`);
  return list.find((row) => row.id === id)!;
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

async function storedZip(exportId: string): Promise<Buffer> {
  const [row] = await server.database.db.select().from(archiveExports).where(eq(archiveExports.id, exportId));
  const blob = await server.store.get(row.blobKey!);
  const chunks: Buffer[] = [];
  for await (const chunk of blob!.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('without a session', () => {
  it('every export route answers 401 before looking at the body or the id', async () => {
    const anonymous = new HttpClient(server.url);
    for (const [method, path, body] of [
      ['POST', '/api/account/export', { language: 'klingon' }],
      ['POST', '/api/account/export', undefined],
      ['GET', '/api/account/exports', undefined],
      ['GET', '/api/account/exports/not-a-uuid/download', undefined],
      ['GET', `/api/account/exports/${crypto.randomUUID()}/download`, undefined],
    ] as const) {
      const response = await anonymous.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
    }
  });
});

describe('an export', () => {
  it('is queued (202), runs in the background with its progress on the row, and is listed ready with its size and a week to download', async () => {
    const { client, id: userId } = await signedUpClient(server.url, 'ready@example.com');
    expect(await exportsOf(client)).toEqual([]);
    const started = await client.post('/api/account/export', { language: 'fi' });
    expect(started.status).toBe(202);
    const answer = (await started.json()) as ArchiveExport;
    expect(answer).toMatchObject({ state: 'queued', downloadUrl: null, sizeBytes: null });

    const list = await waitFor(() => exportsOf(client), (rows) => rows[0]?.state === 'ready', JOB_WAIT_MS, 'the export ready');
    expect(list).toHaveLength(1);
    const ready = list[0];
    expect(ready.id).toBe(answer.id);
    expect(ready.progress.total).toBeGreaterThan(0);
    expect(ready.progress.done).toBe(ready.progress.total);
    expect(ready.downloadUrl).toBe(`/api/account/exports/${ready.id}/download`);
    expect(Date.parse(ready.expiresAt!) - Date.parse(ready.finishedAt!)).toBe(ARCHIVE_LIMITS.exportKeptDays * DAY_MS);
    const [row] = await server.database.db.select().from(archiveExports).where(eq(archiveExports.id, ready.id));
    expect(row).toMatchObject({ userId, language: 'fi', blobKey: `users/${userId}/exports/${ready.id}.zip` });
    expect(ready.sizeBytes).toBe(await server.store.size(row.blobKey!));
  });

  it('is one at a time: a second press while one is under way answers that one', async () => {
    const { client, id: userId } = await signedUpClient(server.url, 'twice@example.com');
    // Under way, as a job that has just started leaves it.
    const [running] = await server.database.db.insert(archiveExports).values({ userId, state: 'running', progressDone: 120, progressTotal: 640 }).returning();
    const again = await client.post('/api/account/export');
    expect(again.status).toBe(202);
    expect(await again.json()).toMatchObject({ id: running.id, state: 'running', progress: { done: 120, total: 640 } });
    expect(await server.database.db.select().from(archiveExports).where(eq(archiveExports.userId, userId))).toHaveLength(1);
  });

  it(`is refused past ${ARCHIVE_LIMITS.exportsPerDay} in a day (429 rate_limited, saying so); older ones do not count`, async () => {
    const { client, id: userId } = await signedUpClient(server.url, 'many@example.com');
    const db = server.database.db;
    const old = new Date(Date.now() - DAY_MS - 60_000);
    await db.insert(archiveExports).values(Array.from({ length: ARCHIVE_LIMITS.exportsPerDay }, () => ({ userId, state: 'failed' as const, createdAt: old })));
    await readyExport(client);
    await db.insert(archiveExports).values(Array.from({ length: ARCHIVE_LIMITS.exportsPerDay - 1 }, () => ({ userId, state: 'failed' as const })));

    const refused = await client.post('/api/account/export');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      code: 'rate_limited',
      message: `You can make at most ${ARCHIVE_LIMITS.exportsPerDay} archives a day. Please try again tomorrow.`,
    });
    expect(await db.select().from(archiveExports).where(eq(archiveExports.userId, userId))).toHaveLength(2 * ARCHIVE_LIMITS.exportsPerDay);
    // The list shows the newest, at most exportsListed.
    expect(await exportsOf(client)).toHaveLength(ARCHIVE_LIMITS.exportsListed);
  });
});

describe('the download', () => {
  it('sends the stored ZIP whole, as an attachment named by the day, with its length and byte ranges', async () => {
    const { client } = await signedUpClient(server.url, 'download@example.com');
    const ready = await readyExport(client);
    const stored = await storedZip(ready.id);
    const whole = await client.get(ready.downloadUrl!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/zip');
    expect(whole.headers.get('content-disposition')).toBe(`attachment; filename="saaga-archive-${ready.createdAt.slice(0, 10)}.zip"`);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe(String(stored.length));
    const body = await bytesOf(whole);
    expect(body.equals(stored)).toBe(true);
    expect(body.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);

    const part = await client.get(ready.downloadUrl!, { range: 'bytes=10-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-99/${stored.length}`);
    expect(part.headers.get('content-length')).toBe('90');
    expect((await bytesOf(part)).equals(stored.subarray(10, 100))).toBe(true);

    const beyond = await client.get(ready.downloadUrl!, { range: `bytes=${stored.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${stored.length}`);
  });

  it('resumes a cut download with Range into the same whole file', async () => {
    const { client } = await signedUpClient(server.url, 'resume@example.com');
    const ready = await readyExport(client);
    const stored = await storedZip(ready.id);
    // The connection drops after the first bytes arrived.
    const cut = await client.get(ready.downloadUrl!);
    const reader = cut.body!.getReader();
    const first = Buffer.from((await reader.read()).value!).subarray(0, Math.floor(stored.length / 3));
    await reader.cancel();
    const rest = await client.get(ready.downloadUrl!, { range: `bytes=${first.length}-` });
    expect(rest.status).toBe(206);
    expect(Buffer.concat([first, await bytesOf(rest)]).equals(stored)).toBe(true);
  });

  it("is a 404 for another person's archive and for an id that names none", async () => {
    const { client: owner } = await signedUpClient(server.url, 'mine@example.com');
    const { client: stranger } = await signedUpClient(server.url, 'theirs@example.com');
    const ready = await readyExport(owner);
    for (const path of [ready.downloadUrl!, `/api/account/exports/${crypto.randomUUID()}/download`, '/api/account/exports/1/download']) {
      const response = await stranger.get(path);
      expect(response.status, path).toBe(404);
      expect((await response.json()).code).toBe('not_found');
    }
    expect(await exportsOf(stranger)).toEqual([]);
    expect((await owner.get(ready.downloadUrl!)).status).toBe(200);
  });

  it('is 409 export_not_ready while the archive is not ready, and 410 export_expired past its time, even before the sweep', async () => {
    const { client, id: userId } = await signedUpClient(server.url, 'expired@example.com');
    const db = server.database.db;
    const [failed] = await db.insert(archiveExports).values({ userId, state: 'failed', errorCode: 'export_failed', error: 'Your archive could not be made.' }).returning();
    const notReady = await client.get(`/api/account/exports/${failed.id}/download`);
    expect(notReady.status).toBe(409);
    expect((await notReady.json()).code).toBe('export_not_ready');

    const ready = await readyExport(client);
    const [row] = await db.update(archiveExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(archiveExports.id, ready.id)).returning();
    const gone = await client.get(ready.downloadUrl!);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({ code: 'export_expired', message: 'This archive has expired: make a new one' });
    expect((await exportsOf(client)).find((item) => item.id === ready.id)).toMatchObject({ state: 'expired', downloadUrl: null, expiresAt: null });

    // The sweep removes the file and says so on the row.
    expect(await server.store.size(row.blobKey!)).not.toBeNull();
    expect((await sweepExpiredExports(db, server.store)).expired).toBeGreaterThanOrEqual(1);
    expect(await server.store.size(row.blobKey!)).toBeNull();
    const [swept] = await db.select().from(archiveExports).where(eq(archiveExports.id, ready.id));
    expect(swept).toMatchObject({ state: 'expired', blobKey: null });
    expect((await client.get(ready.downloadUrl!)).status).toBe(410);
  });
});

describe('the e-mail', () => {
  const SUBJECT = { en: 'Your Saaga archive is ready', fi: 'Saaga-arkistosi on valmis' };

  async function mailWithSubject(to: string, subject: string): Promise<ReceivedMail> {
    for (;;) {
      const mail = await smtp.nextMailTo(to, MAIL_WAIT_MS);
      if (mail.subject === subject) return mail;
    }
  }

  it("goes to a verified address in the export's language, linking to this site's Settings; an unverified address gets none", async () => {
    const db = server.database.db;
    const unverified = await signedUpClient(server.url, 'unverified@example.com');
    await readyExport(unverified.client);
    const verified = await signedUpClient(server.url, 'verified@example.com');
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, verified.id));
    const started = await verified.client.post('/api/account/export', { language: 'fi' });
    expect(started.status).toBe(202);

    const mail = await mailWithSubject('verified@example.com', SUBJECT.fi);
    expect(mail.text).toContain(`${server.url}/settings`);
    expect(mail.text).toContain('nauhoituksesi');
    expect(mail.text.startsWith('Hei Aino,')).toBe(true);
    // The one worker sent anything for the first export before it took the second.
    expect(smtp.received.filter((m) => m.recipients.includes('unverified@example.com') && Object.values(SUBJECT).includes(m.subject))).toEqual([]);
  });
});
