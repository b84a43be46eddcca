import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, serverDatabase, spawnServer } from '../test/support/server-process.ts';

// The real server process, on the database this suite runs on (PostgreSQL when
// TEST_DATABASE_URL is set, else its own embedded one).
let server: ServerProcess | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
afterEach(async () => {
  await server?.stop();
  await dropDatabase?.();
  server = dropDatabase = undefined;
});

describe('server start', () => {
  it('stops with a message naming a bad setting', { timeout: 60_000 }, async () => {
    const database = await serverDatabase();
    dropDatabase = database.drop;
    server = await spawnServer({ ...database.env, PORT: 'not-a-port' });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toMatch(/PORT: /);
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/);
  });

  it('serves on the database it was given', { timeout: 120_000 }, async () => {
    const database = await serverDatabase();
    dropDatabase = database.drop;
    // Embedded: the database made by the server itself, as at a new installation's first start.
    server = await spawnServer(database.env, { newDatabase: true });
    await server.serving();
    const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    const health = await (await fetch(`${server.url}/api/health`)).json();
    const databaseHealth = health.components.find((component: { name: string }) => component.name === 'database');
    expect(databaseHealth).toMatchObject({ ready: true, adapter: kind });
    expect(server.output()).toContain(`(database: ${kind}`);
  });
});
