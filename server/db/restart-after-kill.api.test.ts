import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { HttpClient } from '../../test/support/http-client.ts';
import { type ServerProcess, serverDatabase, spawnServer } from '../../test/support/server-process.ts';
import { isUnreapedZombie, untilUnreapedZombie } from '../../test/support/zombie.ts';

// The real server, killed with SIGKILL (a crash, the OOM killer, `docker kill`), is started
// again straight away on the same data, while the dead one is still an unreaped zombie:
// it serves, and what it acknowledged is there.
const servers: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

it.skipIf(process.platform !== 'linux')('starts again at once after SIGKILL and still has the account it created', { timeout: 180_000 }, async () => {
  const database = await serverDatabase();
  cleanups.push(database.drop);
  const env = { ...database.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'saaga-restart-')) };
  cleanups.push(async () => rmSync(env.DATA_DIR, { recursive: true, force: true }));

  const first = await spawnServer(env, { neverReaped: true });
  servers.push(first);
  await first.serving();
  const account = { email: 'aino@example.com', password: 'kesä mökillä 1969' };
  const signUp = await new HttpClient(first.url).post('/api/auth/local/sign-up', { ...account, firstName: 'Aino' });
  expect(signUp.status).toBe(202);

  const killed = await first.pid();
  process.kill(killed, 'SIGKILL');
  await untilUnreapedZombie(killed);

  const second = await spawnServer(env);
  servers.push(second);
  await second.serving();
  expect(second.output()).not.toContain('Another Saaga server');
  expect(isUnreapedZombie(killed)).toBe(true);
  const signIn = await new HttpClient(second.url).post('/api/auth/local/sign-in', account);
  expect(signIn.status).toBe(200);
});
