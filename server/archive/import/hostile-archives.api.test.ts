import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ArchiveImport } from '../../../contract/archive.ts';
import { type FakeOpenAi, startFakeOpenAi } from '../../../test/fakes/openai-server.ts';
import { type ArchiveOptions, buildArchive, fullArchive, recordingRow } from '../../../test/support/archive-builder.ts';
import { settledImport, uploadArchive, uploadPieces } from '../../../test/support/archive-import.ts';
import { fakeOpenAiEngines } from '../../../test/support/engines.ts';
import { type HttpClient, signedUpClient } from '../../../test/support/http-client.ts';
import { seeder } from '../../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { archiveImports, autobiographies, chapters, followUpQuestions, people, places, recordings, stories } from '../../db/schema.ts';
import { startQueue } from '../../jobs/queue.ts';
import { DATA_FILES } from '../format.ts';
import { DEFAULT_BOUNDS } from './bounds.ts';
import { importArchive } from './import-archive.ts';

// Each hostile archive is refused with its own clear error, and leaves nothing behind: no
// row in the account, no file in the store (the audio stored before the refusal is removed).
const SETTLED = 60_000;
const ACCOUNT_AUDIO_MB = 2;

let fake: FakeOpenAi;
let server: TestApp;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', ACCOUNT_AUDIO_MB: String(ACCOUNT_AUDIO_MB) }, { engines: fakeOpenAiEngines(fake) });
});
afterEach(() => {
  expect(server.backgroundErrors).toEqual([]);
  // Nothing of a refused archive was ever sent to be transcribed.
  expect(fake.requests).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const db = () => server.database.db;
let accounts = 0;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Everything an import could have added to the account, and every file the store holds for it. */
async function accountContents(userId: string) {
  const rowsOf = async (table: typeof stories | typeof recordings | typeof chapters | typeof people | typeof places | typeof followUpQuestions | typeof autobiographies) =>
    (await db().select({ id: table.id }).from(table).where(eq(table.userId, userId))).length;
  const files: string[] = [];
  for await (const entry of server.store.list(`users/${userId}/`)) files.push(entry.key);
  return {
    stories: await rowsOf(stories),
    recordings: await rowsOf(recordings),
    chapters: await rowsOf(chapters),
    people: await rowsOf(people),
    places: await rowsOf(places),
    followUpQuestions: await rowsOf(followUpQuestions),
    autobiographies: await rowsOf(autobiographies),
    files,
  };
}
const EMPTY = { stories: 0, recordings: 0, chapters: 0, people: 0, places: 0, followUpQuestions: 0, autobiographies: 0, files: [] };

/** Uploads the archive into a fresh account and answers how the import ended. */
async function importInto(bytes: Buffer): Promise<{ settled: ArchiveImport; userId: string; client: HttpClient }> {
  const { client, id: userId } = await signedUpClient(server.url, `hostile-${++accounts}@example.com`);
  const settled = await settledImport(client, await uploadArchive(client, bytes), SETTLED);
  return { settled, userId, client };
}

async function expectRefused(options: ArchiveOptions | Buffer, code: string, message: RegExp) {
  const { settled, userId } = await importInto(Buffer.isBuffer(options) ? options : await buildArchive(options));
  expect(settled).toMatchObject({ state: 'failed', errorCode: code, counts: null });
  expect(settled.error).toMatch(message);
  expect(await accountContents(userId)).toEqual(EMPTY);
}

const withExtra = (extra: ArchiveOptions['extra'], more: Partial<ArchiveOptions> = {}): ArchiveOptions => ({ ...fullArchive(), extra, ...more });

describe('names that leave the archive', () => {
  it('refuses an entry that climbs out with ../', async () => {
    await expectRefused(withExtra([{ name: 'XX/evil.txt', bytes: 'owned' }], { rename: { 'XX/evil.txt': '../evil.txt' } }), 'archive_unsafe_path', /path outside it/);
  });

  it('refuses an entry with an absolute path', async () => {
    await expectRefused(withExtra([{ name: 'Xetc/cron.d/x', bytes: 'owned' }], { rename: { 'Xetc/cron.d/x': '/etc/cron.d/x' } }), 'archive_unsafe_path', /path outside it/);
  });

  it('refuses an entry that climbs out half way down its path', async () => {
    await expectRefused(withExtra([{ name: 'a/XX/XX/x.txt', bytes: 'owned' }], { rename: { 'a/XX/XX/x.txt': 'a/../../x.txt' } }), 'archive_unsafe_path', /path outside it/);
  });

  it('refuses an entry whose name has a backslash', async () => {
    await expectRefused(withExtra([{ name: 'XX/evil.txt', bytes: 'owned' }], { rename: { 'XX/evil.txt': '..\\evil.txt' } }), 'archive_unsafe_path', /path outside it/);
  });
});

describe('entries that are not plain files', () => {
  it('refuses a symbolic link', async () => {
    await expectRefused(withExtra([{ name: 'recordings/link.mp3', bytes: '/etc/passwd', mode: 0o120777 }]), 'archive_not_a_file', /link/);
  });
});

describe('ZIP bombs', () => {
  it('refuses a small file that declares far more than its size', async () => {
    const zeros = Buffer.alloc(64 * 1024 * 1024);
    const bytes = await buildArchive(withExtra([{ name: 'books/zeros.pdf', bytes: zeros }]));
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    await expectRefused(bytes, 'archive_bomb', /far more than its own size/);
  });

  it('refuses one entry that inflates a thousand times its size, though the whole stays under the bound', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    const bytes = await buildArchive(withExtra([{ name: 'books/zeros.pdf', bytes: zeros }]));
    // Under the whole archive's bound (a hundred times its size), far over one entry's ratio.
    expect(zeros.length).toBeLessThan(bytes.length * DEFAULT_BOUNDS.maxTotalRatio);
    await expectRefused(bytes, 'archive_bomb', /far more than its own size/);
  });

  it('refuses a file whose header lies about its size, as it inflates past it', async () => {
    // 64 MB of spaces in people.json (valid JSON), declared as 1000 bytes: only reading finds out.
    const archive = fullArchive();
    const bytes = await buildArchive({
      ...archive,
      rawData: { people: `[${' '.repeat(64 * 1024 * 1024)}${JSON.stringify(archive.rows.people).slice(1)}` },
      declareSize: { 'data/people.json': 1000 },
    });
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    await expectRefused(bytes, 'archive_bomb', /far more than its own size/);
  });
});

describe('too many entries', () => {
  it(`counts ${DEFAULT_BOUNDS.maxEntries.toLocaleString('en')} entries at most by default`, () => {
    expect(DEFAULT_BOUNDS.maxEntries).toBe(200_000);
  });

  it('refuses one entry past the bound from the count alone, before any entry is read, and takes one at the bound', async () => {
    const { client, id: userId } = await signedUpClient(server.url, `hostile-${++accounts}@example.com`);
    const base = fullArchive();
    const entries = 1 + 1 + DATA_FILES.length + Object.keys(base.audio).length; // README, archive.json, data/*.json, audio
    const bound = entries + 20;
    const filler = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `site/page-${i}.html`, bytes: `<p>${i}</p>` }));
    // One past the bound, with a name that climbs out among them: the count refuses it before that entry is read.
    const tooMany = await buildArchive({ ...base, extra: [...filler(20), { name: 'XX/evil.txt', bytes: 'x' }], rename: { 'XX/evil.txt': '../evil.txt' } });
    const atBound = await buildArchive({ ...fullArchive(), extra: filler(20) });
    const queue = await startQueue(server.database, { error: (error) => server.backgroundErrors.push(String(error)) });
    try {
      const ctx = { db: db(), store: server.store, queue, accountAudioBytes: server.config.uploadLimits.accountBytes, accountPhotoBytes: server.config.photoLimits.accountBytes };
      const run = async (bytes: Buffer) => {
        const upload = await uploadPieces(client, bytes);
        await db().update(archiveImports).set({ state: 'queued' }).where(eq(archiveImports.id, upload.id));
        await importArchive(ctx, upload.id, { ...DEFAULT_BOUNDS, maxEntries: bound });
        return (await (await client.get(`/api/account/imports/${upload.id}`)).json()) as ArchiveImport;
      };
      expect(await run(tooMany)).toMatchObject({ state: 'failed', errorCode: 'archive_too_many_entries', error: 'The archive contains too many files.' });
      expect(await accountContents(userId)).toEqual(EMPTY);
      expect(await run(atBound)).toMatchObject({ state: 'done', errorCode: null });
      expect((await accountContents(userId)).stories).toBe(3);
    } finally {
      await queue.stop({ graceful: false, wait: true });
    }
    // The recording never transcribed went to the transcriber as a new upload does.
    await settledTranscriptions(client, userId);
    fake.reset();
  });
});

async function settledTranscriptions(client: HttpClient, userId: string) {
  const { settledRecording } = await import('../../../test/support/pipeline.ts');
  const pending = await db().select().from(recordings).where(eq(recordings.userId, userId));
  for (const recording of pending) await settledRecording(client, recording.id, SETTLED);
}

describe('audio', () => {
  it('refuses a recording that fails the upload checks (a text file named .webm), and removes the audio stored before it', async () => {
    const archive = fullArchive();
    const text = Buffer.from('This is not audio at all, only words in a file named like audio.\n'.repeat(40));
    const file = 'recordings/2024-05-02 Not audio.webm';
    // Last, so the three real recordings before it are stored first and must be removed.
    archive.rows.recordings.push(recordingRow(34, file, text, { mimeType: 'audio/webm' }));
    archive.audio[file] = text;
    await expectRefused(archive, 'archive_audio_refused', /not audio Saaga can take: recordings\/2024-05-02 Not audio\.webm/);
  });

  it("refuses a recording whose bytes do not match the row's SHA-256", async () => {
    const archive = fullArchive();
    archive.rows.recordings[1] = { ...archive.rows.recordings[1], sha256: sha256(Buffer.from('other bytes')) };
    await expectRefused(archive, 'archive_audio_changed', /not the one its data describes/);
  });

  it('refuses recordings that do not fit the room the account has for audio', async () => {
    const { client, id: userId } = await signedUpClient(server.url, `hostile-${++accounts}@example.com`);
    const bytes = await buildArchive(fullArchive());
    const upload = await uploadPieces(client, bytes);
    // The room is checked at the start too; meanwhile the account filled up.
    await seeder(db()).recording(userId, { sizeBytes: ACCOUNT_AUDIO_MB * 1024 * 1024 - 100_000 });
    expect((await client.post(`/api/account/imports/${upload.id}/finish`)).status).toBe(202);
    const settled = await settledImport(client, upload.id, SETTLED);
    expect(settled).toMatchObject({ state: 'failed', errorCode: 'archive_storage_limit' });
    expect({ ...(await accountContents(userId)), recordings: 0 }).toEqual(EMPTY);
    expect((await accountContents(userId)).recordings).toBe(1);
  });
});

describe('data', () => {
  it('refuses a data file that fails its schema', async () => {
    const archive = fullArchive();
    const broken = archive.rows.stories.map((story, i) => (i === 1 ? { ...story, status: 'finished by a stranger' } : story));
    await expectRefused({ ...archive, rawData: { stories: JSON.stringify(broken) } }, 'archive_invalid_data', /data\/stories\.json/);
  });

  it('refuses a data file that is not JSON', async () => {
    await expectRefused({ ...fullArchive(), rawData: { chapters: '[{"id": 1,' } }, 'archive_invalid_data', /data\/chapters\.json/);
  });

  it('refuses a recording whose audio file is not in the archive', async () => {
    const archive = fullArchive();
    delete archive.audio[archive.rows.recordings[2].audioFile];
    await expectRefused(archive, 'archive_missing_file', /does not contain recordings\/2024-05-01 recording\.wav/);
  });

  it('refuses a row that names a row the archive does not hold', async () => {
    const archive = fullArchive();
    archive.rows.recordings[0] = { ...archive.rows.recordings[0], peopleIds: [41, 999] };
    await expectRefused(archive, 'archive_broken_reference', /person 999/);
  });

  it("refuses a story whose paragraphs would be heard from a recording not its own", async () => {
    const archive = fullArchive();
    // Recording 32 is story 22's: story 21's "hear it" may not play it (nor one the archive lacks).
    archive.rows.stories[0] = { ...archive.rows.stories[0], paragraphSources: [[{ recordingId: 31, start: 0, end: 2 }], [{ recordingId: 32, start: 0, end: 1 }]] };
    await expectRefused(archive, 'archive_broken_reference', /recording 32/);
  });

  it('refuses timings out of bounds: a negative time, a word longer than any', async () => {
    const timed = (timings: unknown) => {
      const archive = fullArchive();
      const rows = archive.rows.recordings.map((row, i) => (i === 0 ? { ...row, timings } : row));
      return { ...archive, rawData: { recordings: JSON.stringify(rows) } };
    };
    const sentence = { text: 'Ask not, as I corrected it.', start: 0, end: 2 };
    await expectRefused(timed({ source: 'aligned', sentences: [{ ...sentence, start: -5 }] }), 'archive_invalid_data', /data\/recordings\.json/);
    await expectRefused(timed({ source: 'words', sentences: [{ ...sentence, words: [{ text: 'x'.repeat(5_000), start: 0, end: 1 }] }] }), 'archive_invalid_data', /data\/recordings\.json/);
    await expectRefused(timed({ source: 'guessed', sentences: [sentence] }), 'archive_invalid_data', /data\/recordings\.json/);
  });

  it('refuses a data file the archive lacks', async () => {
    await expectRefused({ ...fullArchive(), rawData: { places: null } }, 'archive_missing_file', /data\/places\.json/);
  });
});

describe('not a Saaga archive', () => {
  it('refuses a ZIP without archive.json', async () => {
    await expectRefused({ ...fullArchive(), manifest: null }, 'archive_not_saaga', /not a Saaga archive/);
  });

  it('refuses a ZIP whose archive.json names another format', async () => {
    await expectRefused({ ...fullArchive(), manifest: { format: 'another-app' } }, 'archive_not_saaga', /not a Saaga archive/);
  });

  it('refuses a file that is not a ZIP at all', async () => {
    await expectRefused(Buffer.from('%PDF-1.7 this is a document, not an archive\n'.repeat(100)), 'archive_not_saaga', /not a Saaga archive/);
  });
});
