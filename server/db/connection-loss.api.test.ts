import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { clipDir, encodeClip } from '../../test/support/audio-clips.ts';
import { signedUpClient, uploadForm } from '../../test/support/http-client.ts';
import { settledStory, waitFor } from '../../test/support/pipeline.ts';
import { type ServerProcess, serverDatabase, spawnServer } from '../../test/support/server-process.ts';
import { CLIPS, clipTranscript } from '../../test/support/shared-files.ts';

// PostgreSQL (or a proxy in front of it) may close any connection: a restart, a failover,
// an idle timeout, pg_terminate_backend. The real server must take that in its stride,
// for the app's own pool and for pg-boss's. (The embedded database has no connections.)
describe.skipIf(!process.env.TEST_DATABASE_URL)('when PostgreSQL ends every connection of a running server', () => {
  let fake: FakeOpenAi;
  let database: Awaited<ReturnType<typeof serverDatabase>>;
  let server: ServerProcess;
  let clips: Awaited<ReturnType<typeof clipDir>>;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    clips = await clipDir();
    database = await serverDatabase();
    server = await spawnServer({ ...database.env, OPENAI_API_KEY: fake.apiKey, OPENAI_BASE_URL: fake.baseUrl });
    await server.serving();
  });
  afterAll(async () => {
    await server?.stop('SIGTERM');
    await database?.drop();
    await fake?.close();
    await clips?.remove();
  });

  /** Runs `sql` on a connection of the test's own to the server's database. */
  async function asAdmin<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
    const admin = new pg.Client({ connectionString: database.env.DATABASE_URL });
    let lost: Error | undefined;
    admin.on('error', (error) => (lost = error));
    await admin.connect();
    try {
      const { rows } = await admin.query<T>(sql, values);
      if (lost) throw lost;
      return rows;
    } finally {
      await admin.end();
    }
  }
  const othersConnected = () =>
    asAdmin<{ pid: number; application_name: string }>(
      'select pid, application_name from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );

  it('keeps serving through new connections, and background jobs still run', { timeout: 180_000 }, async () => {
    const { client } = await signedUpClient(server.url, 'aino@example.com');
    // pg-boss has its own pool; both must be open before they are cut.
    await waitFor(othersConnected, (rows) => rows.some((row) => row.application_name === 'pgboss'), 30_000);

    const ended = await othersConnected();
    const terminated = await asAdmin<{ done: boolean }>('select pg_terminate_backend(pid) as done from unnest($1::int[]) as pid', [ended.map((row) => row.pid)]);
    expect(terminated.map((row) => row.done)).toEqual(ended.map(() => true));
    expect(ended.map((row) => row.application_name)).toContain('pgboss');
    expect(ended.some((row) => row.application_name !== 'pgboss')).toBe(true);
    const endedPids = new Set(ended.map((row) => row.pid));
    await waitFor(othersConnected, (rows) => !rows.some((row) => endedPids.has(row.pid)), 15_000);

    expect((await client.get('/api/auth/user')).status).toBe(200);

    fake.setTranscript(clipTranscript(CLIPS.jfk));
    fake.setChatReply({ title: 'Ask not', content: 'Ask not what your country can do for you.', people: [], locations: [], dates: [], storyType: 'personal note' });
    const webm = readFileSync(await encodeClip(CLIPS.jfk, 'webm-opus', clips.dir));
    const upload = await uploadForm(client, '/api/recordings', { contextType: 'new_story', appLanguage: 'en' }, { bytes: webm, filename: 'after-the-cut.webm' });
    const uploaded = await upload.json();
    expect(upload.status, JSON.stringify(uploaded)).toBe(201);
    const { story } = uploaded;
    expect(await settledStory(client, story.id, 90_000)).toMatchObject({ processingStatus: 'generated', title: 'Ask not' });

    expect(server.child.exitCode).toBeNull();
    expect(server.output()).toContain('database connection lost');
    expect(fake.errors).toEqual([]);
  });
});
