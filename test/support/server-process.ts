import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { defaultModel, type ModelRole } from '../../server/models/catalogue.ts';
import { pgliteImageFile, scratchDatabase } from './database.ts';
import { REPO_ROOT, TEST_MODELS } from './shared-files.ts';
import { until, waitFor } from './wait-for.ts';

/** How long a server process may take to answer its first request. */
const START_TIMEOUT_MS = 60_000;

/** The real server, `node --import tsx server/main.ts`, as a child process. */
export interface ServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** The server's own pid (with `neverReaped`, not its parent's). */
  pid(): Promise<number>;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Settles when the process has ended. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once it answers HTTP; fails if it ends first or takes over 60 s. */
  serving(): Promise<void>;
  /** Ends it with `signal` (SIGKILL unless told) and waits until it is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface SpawnOptions {
  /**
   * Runs the server under a parent that never reaps it, the way a busy supervisor or a
   * container's init may not at once: killed, it stays a zombie until stop().
   */
  neverReaped?: boolean;
  /** A built server to run (dist/server/main.js, scripts/build/server.mjs) instead of server/main.ts through tsx. */
  entry?: string;
  /**
   * The embedded database is made by the server itself, as on a new installation's first
   * start. Otherwise a DATA_DIR without one gets a copy of the migrated test database
   * (pgliteImageFile): making it costs a server about five seconds of CPU, and only the
   * test of a first start is about that (server/db/durable-pglite.api.test.ts makes one in-process).
   */
  newDatabase?: boolean;
}

/** DATA_DIR/db as the server keeps its embedded database (server/db/client.ts), unpacked from the migrated test database. */
async function placeMigratedDatabase(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  await promisify(execFile)('tar', ['-xf', await pgliteImageFile(), '-C', dir]);
}

/**
 * A MODELS_DIR whose default model names lead to the test-size models, so a server
 * started on it finds its models and downloads nothing.
 */
export function testModelsFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'saaga-models-'));
  const testFile: Record<ModelRole, string> = { vad: TEST_MODELS.vad, transcriber: TEST_MODELS.whisper, writer: TEST_MODELS.writer };
  for (const [role, file] of Object.entries(testFile)) symlinkSync(file, path.join(dir, defaultModel(role as ModelRole).file));
  return dir;
}

/**
 * The database settings for a server process of this suite: a new database on the
 * PostgreSQL server in TEST_DATABASE_URL when it is set (`drop` removes it once the
 * server is gone), else none, and the server opens its embedded one in DATA_DIR.
 */
export async function serverDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) return { env: {}, drop: async () => {} };
  const scratch = await scratchDatabase(process.env.TEST_DATABASE_URL);
  return { env: { DATABASE_URL: scratch.url }, drop: scratch.drop };
}

/** A port of 127.0.0.1 that nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts the server with `env` over a quiet test base: the given DATA_DIR (a new one
 * otherwise), models that need no download, a fixed session secret, a free port.
 */
export async function spawnServer(env: Record<string, string> = {}, options: SpawnOptions = {}): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const server = options.entry ? [process.execPath, options.entry] : [process.execPath, '--import', 'tsx', path.join(REPO_ROOT, 'server', 'main.ts')];
  // The shell starts the server, says its pid, and becomes `sleep`, which never waits for it.
  const command = options.neverReaped ? ['sh', '-c', '"$@" & echo "server pid $!"; exec sleep 3600', 'sh', ...server] : server;
  // Folders made here are removed when the process ends; those in `env` are the caller's.
  const ownFolders: string[] = [];
  const made = (folder: string) => (ownFolders.push(folder), folder);
  const dataDir = env.DATA_DIR ?? made(mkdtempSync(path.join(tmpdir(), 'saaga-server-')));
  if (!env.DATABASE_URL && !options.newDatabase && !existsSync(path.join(dataDir, 'db'))) await placeMigratedDatabase(dataDir);
  const child = spawn(command[0], command.slice(1), {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      MODELS_DIR: env.MODELS_DIR ?? made(testModelsFolder()),
      SESSION_SECRET: 'test-secret-that-is-long-enough-for-cookies-0123456789',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      LOGIN_RATE_LIMIT: '1000',
      // The local engines (the VAD at least) on one thread: test files run side by side, and
      // native threads that wait on each other stall whenever one of them has no core.
      AI_THREADS: '1',
      ...env,
      PORT: port,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      for (const folder of ownFolders) rmSync(folder, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  let ended = false;
  void exited.then(() => (ended = true));
  const serverPid = async () => {
    if (!options.neverReaped) return child.pid!;
    const said = await waitFor(() => /server pid (\d+)/.exec(output), (match) => match !== null || ended, START_TIMEOUT_MS, "the shell to say the server's pid");
    if (!said) throw new Error(`the shell ended before it said the server's pid:\n${output}`);
    return Number(said[1]);
  };

  return {
    url,
    child,
    exited,
    output: () => output,
    pid: serverPid,
    async serving() {
      const answers = async () => {
        if (ended) throw new Error(`the server ended before it answered:\n${output}`);
        // Not listening yet: false.
        return fetch(`${url}/api/health`).then(() => true, () => false);
      };
      await until(answers, START_TIMEOUT_MS, 'the server to answer /api/health').catch((error: Error) => {
        throw new Error(`${error.message}:\n${output}`);
      });
    },
    async stop(signal = 'SIGKILL') {
      if (options.neverReaped && !ended) {
        try {
          process.kill(await serverPid(), signal);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
        }
        child.kill('SIGKILL');
      } else if (!ended) {
        child.kill(signal);
      }
      await exited;
    },
  };
}
