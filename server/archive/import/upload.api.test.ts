import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_LIMITS, type ArchiveImport } from '../../../contract/archive.ts';
import { buildArchive, emptyArchive } from '../../../test/support/archive-builder.ts';
import { sendPiece, uploadPieces } from '../../../test/support/archive-import.ts';
import { HttpClient, signedUpClient } from '../../../test/support/http-client.ts';
import { seeder } from '../../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { archiveImports } from '../../db/schema.ts';
import { importPieceKey } from './keys.ts';
import { sweepStaleImportUploads } from './sweep-stale-uploads.ts';

// The chunked upload of an archive (no workers here: a finished upload waits in the queue).
const CHUNK = ARCHIVE_LIMITS.importChunkBytes;
const ACCOUNT_AUDIO_MB = 100;
const ACCOUNT_PHOTO_MB = 5;

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', ACCOUNT_AUDIO_MB: String(ACCOUNT_AUDIO_MB), ACCOUNT_PHOTO_MB: String(ACCOUNT_PHOTO_MB) });
});
afterEach(() => {
  expect(server.backgroundErrors).toEqual([]);
});
afterAll(() => server?.close());

const db = () => server.database.db;
let accounts = 0;
const newAccount = () => signedUpClient(server.url, `uploader-${++accounts}@example.com`);
const start = async (client: HttpClient, sizeBytes: number) => {
  const answer = await client.post('/api/account/import', { sizeBytes, fileName: 'saaga-archive.zip' });
  expect(answer.status, await answer.clone().text()).toBe(201);
  return (await answer.json()) as ArchiveImport;
};
async function stored(key: string): Promise<Buffer | null> {
  const blob = await server.store.get(key);
  if (!blob) return null;
  const parts: Buffer[] = [];
  for await (const part of blob.body) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
const filesOf = async (userId: string) => {
  const keys: string[] = [];
  for await (const entry of server.store.list(`users/${userId}/`)) keys.push(entry.key);
  return keys;
};

/** An archive of three pieces: a valid one with a book of filler beside it. */
async function threePieces(): Promise<Buffer> {
  const archive = emptyArchive();
  return buildArchive({ ...archive, extra: [{ name: 'books/filler.pdf', bytes: randomBytes(2 * CHUNK + 1000), compress: false }] });
}

describe('without a session', () => {
  it('every import route answers 401 before it looks at the body or the id', async () => {
    const anonymous = new HttpClient(server.url);
    const answers = [
      await anonymous.post('/api/account/import', { sizeBytes: 'lots' }),
      await anonymous.get('/api/account/imports'),
      await anonymous.get('/api/account/imports/not-an-id'),
      await anonymous.request('PUT', '/api/account/imports/not-an-id/chunks/x', new Uint8Array(CHUNK + 10)),
      await anonymous.post('/api/account/imports/not-an-id/finish'),
      await anonymous.request('DELETE', '/api/account/imports/not-an-id'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
    }
  });
});

describe('an upload in pieces', () => {
  it('keeps each piece in the store as it arrives, takes the last one again as a no-op, and refuses a piece out of order', async () => {
    const { client, id: userId } = await newAccount();
    const bytes = await threePieces();
    const upload = await start(client, bytes.length);
    expect(upload).toMatchObject({ state: 'uploading', receivedBytes: 0, chunkSize: CHUNK, sizeBytes: bytes.length, fileName: 'saaga-archive.zip' });

    const first = await sendPiece(client, upload.id, 0, bytes.subarray(0, CHUNK));
    expect(first.status).toBe(200);
    expect((await first.json()).receivedBytes).toBe(CHUNK);
    // Compared as bytes: a deep equality of 8 MB is far too slow.
    expect((await stored(importPieceKey(userId, upload.id, 0)))?.equals(bytes.subarray(0, CHUNK))).toBe(true);

    // The answer was lost and the browser sends piece 0 again: nothing changes.
    const again = await sendPiece(client, upload.id, 0, bytes.subarray(0, CHUNK));
    expect(again.status).toBe(200);
    expect((await again.json()).receivedBytes).toBe(CHUNK);

    const skipped = await sendPiece(client, upload.id, 2, bytes.subarray(2 * CHUNK));
    expect(skipped.status).toBe(409);
    expect((await skipped.json()).code).toBe('import_wrong_piece');
    expect(await stored(importPieceKey(userId, upload.id, 2))).toBeNull();

    const early = await client.post(`/api/account/imports/${upload.id}/finish`);
    expect(early.status).toBe(409);
    expect((await early.json()).code).toBe('import_incomplete');

    const short = await sendPiece(client, upload.id, 1, bytes.subarray(CHUNK, 2 * CHUNK - 1));
    expect(short.status).toBe(400);
    expect((await short.json()).code).toBe('import_piece_size');

    expect((await sendPiece(client, upload.id, 1, bytes.subarray(CHUNK, 2 * CHUNK))).status).toBe(200);
    const last = await sendPiece(client, upload.id, 2, bytes.subarray(2 * CHUNK));
    expect(last.status).toBe(200);
    expect((await last.json()).receivedBytes).toBe(bytes.length);

    const finished = await client.post(`/api/account/imports/${upload.id}/finish`);
    expect(finished.status).toBe(202);
    expect((await finished.json()).state).toBe('queued');
    // Finishing twice answers the same.
    expect((await (await client.post(`/api/account/imports/${upload.id}/finish`)).json()).state).toBe('queued');
    const pieces = await Promise.all([0, 1, 2].map((i) => stored(importPieceKey(userId, upload.id, i))));
    expect(Buffer.concat(pieces as Buffer[]).equals(bytes)).toBe(true);
    // A finished upload takes no more pieces.
    const late = await sendPiece(client, upload.id, 3, Buffer.from('x'));
    expect(late.status).toBe(409);
    expect((await late.json()).code).toBe('import_not_uploading');
  });

  it('refuses a piece larger than a piece may be, and keeps nothing of it', async () => {
    const { client, id: userId } = await newAccount();
    const upload = await start(client, 3 * CHUNK);
    const answer = await sendPiece(client, upload.id, 0, randomBytes(CHUNK + 1));
    expect(answer.status).toBe(413);
    expect((await answer.json()).code).toBe('import_piece_too_large');
    expect((await (await client.get(`/api/account/imports/${upload.id}`)).json()).receivedBytes).toBe(0);
    expect(await filesOf(userId)).toEqual([]);
  });

  it('refuses a piece sent as anything but bytes', async () => {
    const { client } = await newAccount();
    const upload = await start(client, 1000);
    const answer = await client.put(`/api/account/imports/${upload.id}/chunks/0`, { bytes: 'x' });
    expect(answer.status).toBe(415);
    expect((await answer.json()).code).toBe('import_piece_type');
  });

  it('is listed newest first, and read one by one', async () => {
    const { client } = await newAccount();
    const older = await start(client, 1000);
    const newer = await start(client, 2000);
    const list = (await (await client.get('/api/account/imports')).json()) as ArchiveImport[];
    expect(list.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(await (await client.get(`/api/account/imports/${older.id}`)).json()).toEqual(older);
  });

  it('is cancelled with DELETE: every piece goes, and the import says it was cancelled', async () => {
    const { client, id: userId } = await newAccount();
    const bytes = await threePieces();
    const upload = await start(client, bytes.length);
    await sendPiece(client, upload.id, 0, bytes.subarray(0, CHUNK));
    expect(await filesOf(userId)).toHaveLength(1);
    expect((await client.request('DELETE', `/api/account/imports/${upload.id}`)).status).toBe(204);
    expect(await filesOf(userId)).toEqual([]);
    expect(await (await client.get(`/api/account/imports/${upload.id}`)).json()).toMatchObject({ state: 'failed', errorCode: 'import_cancelled' });
    // It takes no more pieces, and is not cancelled twice.
    expect((await sendPiece(client, upload.id, 1, bytes.subarray(CHUNK, 2 * CHUNK))).status).toBe(409);
    expect((await client.request('DELETE', `/api/account/imports/${upload.id}`)).status).toBe(409);
  });

  it('cannot be cancelled once the job has it', async () => {
    const { client } = await newAccount();
    const bytes = await buildArchive(emptyArchive());
    const upload = await uploadPieces(client, bytes);
    expect((await client.post(`/api/account/imports/${upload.id}/finish`)).status).toBe(202);
    const answer = await client.request('DELETE', `/api/account/imports/${upload.id}`);
    expect(answer.status).toBe(409);
    expect((await answer.json()).code).toBe('import_busy');
  });
});

describe('limits', () => {
  it('refuses an archive larger than an import takes', async () => {
    const { client } = await newAccount();
    const answer = await client.post('/api/account/import', { sizeBytes: ARCHIVE_LIMITS.importMaxBytes + 1 });
    expect(answer.status).toBe(400);
    expect(await db().select().from(archiveImports)).not.toContainEqual(expect.objectContaining({ sizeBytes: ARCHIVE_LIMITS.importMaxBytes + 1 }));
  });

  it('refuses at the start an archive larger than the room the account has for recordings and photos', async () => {
    const { client, id: userId } = await newAccount();
    // 60 MB of the 100 for recordings stored already, and 5 MB for photos: 50 MB does not fit, 30 MB does.
    await seeder(db()).recording(userId, { sizeBytes: 60 * 1024 * 1024 });
    const refused = await client.post('/api/account/import', { sizeBytes: 50 * 1024 * 1024 });
    expect(refused.status).toBe(413);
    expect((await refused.json()).code).toBe('import_storage_limit');
    expect((await client.post('/api/account/import', { sizeBytes: 30 * 1024 * 1024 })).status).toBe(201);
  });

  it(`starts at most ${ARCHIVE_LIMITS.importsPerDay} imports a day, counted from the table`, async () => {
    const { client, id: userId } = await newAccount();
    // A cancelled one counts too: starting and cancelling does not make room for more.
    const first = await start(client, 1000);
    expect((await client.request('DELETE', `/api/account/imports/${first.id}`)).status).toBe(204);
    for (let i = 1; i < ARCHIVE_LIMITS.importsPerDay; i++) await start(client, 1000);
    const refused = await client.post('/api/account/import', { sizeBytes: 1000 });
    expect(refused.status).toBe(429);
    expect((await refused.json()).code).toBe('rate_limited');
    expect(await db().select().from(archiveImports).where(eq(archiveImports.userId, userId))).toHaveLength(ARCHIVE_LIMITS.importsPerDay);
    // A day later the count starts again.
    await db().update(archiveImports).set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) }).where(eq(archiveImports.userId, userId));
    expect((await client.post('/api/account/import', { sizeBytes: 1000 })).status).toBe(201);
  });
});

describe("another person's import", () => {
  it('is a 404 on every route, and is left as it was', async () => {
    const { client: owner, id: ownerId } = await newAccount();
    const { client: stranger } = await newAccount();
    const bytes = await threePieces();
    const upload = await start(owner, bytes.length);
    await sendPiece(owner, upload.id, 0, bytes.subarray(0, CHUNK));
    const before = await db().select().from(archiveImports).where(eq(archiveImports.id, upload.id));

    const answers = [
      await stranger.get(`/api/account/imports/${upload.id}`),
      await sendPiece(stranger, upload.id, 1, bytes.subarray(CHUNK, 2 * CHUNK)),
      await stranger.post(`/api/account/imports/${upload.id}/finish`),
      await stranger.request('DELETE', `/api/account/imports/${upload.id}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ code: 'not_found', message: 'Import not found' });
    }
    expect((await (await stranger.get('/api/account/imports')).json())).toEqual([]);
    expect(await db().select().from(archiveImports).where(eq(archiveImports.id, upload.id))).toEqual(before);
    expect(await filesOf(ownerId)).toEqual([importPieceKey(ownerId, upload.id, 0)]);
    // An id that is no uuid at all names nothing either.
    expect((await stranger.get('/api/account/imports/12')).status).toBe(404);
  });
});

describe('the sweep', () => {
  it(`removes uploads left unfinished for more than ${ARCHIVE_LIMITS.importUploadKeptHours} hours, with their pieces, and leaves the rest`, async () => {
    const { client, id: userId } = await newAccount();
    const bytes = await threePieces();
    const stale = await start(client, bytes.length);
    await sendPiece(client, stale.id, 0, bytes.subarray(0, CHUNK));
    const fresh = await start(client, bytes.length);
    await sendPiece(client, fresh.id, 0, bytes.subarray(0, CHUNK));
    const longAgo = new Date(Date.now() - (ARCHIVE_LIMITS.importUploadKeptHours + 1) * 60 * 60 * 1000);
    await db().update(archiveImports).set({ updatedAt: longAgo, createdAt: longAgo }).where(eq(archiveImports.id, stale.id));

    expect(await sweepStaleImportUploads(db(), server.store)).toBe(1);
    expect((await client.get(`/api/account/imports/${stale.id}`)).status).toBe(404);
    expect((await client.get(`/api/account/imports/${fresh.id}`)).status).toBe(200);
    expect(await filesOf(userId)).toEqual([importPieceKey(userId, fresh.id, 0)]);
  });
});
