import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, TEST_MODELS } from '../test/support/shared-files.ts';

const run = promisify(execFile);
let server: Server;
let mirror: string;
let dir: string;

/** whisper.cpp's test Silero model is byte-identical to the published ggml-silero-v6.2.0.bin, so the real catalogue entry verifies. */
beforeAll(async () => {
  const vad = await readFile(TEST_MODELS.vad);
  server = createServer((request, response) => {
    if (request.url === '/ggml-org/whisper-vad/resolve/main/ggml-silero-v6.2.0.bin') response.writeHead(200, { 'content-length': vad.length }).end(vad);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mirror = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'saaga-models-cli-'));
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

function models(args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/models.ts', ...args], { cwd: REPO_ROOT, env: { ...process.env, HF_ENDPOINT: '' } });
}

describe('npm run models', () => {
  it('downloads the catalogue\'s VAD from a mirror and verifies it', async () => {
    const { stdout } = await models(['--only', 'vad', '--dir', dir, '--mirror', mirror]);
    expect(stdout).toContain('ggml-silero-v6.2.0.bin: downloaded and verified.');
    expect(existsSync(join(dir, 'ggml-silero-v6.2.0.bin'))).toBe(true);
    const again = await models(['--only', 'vad', '--dir', dir, '--mirror', mirror]);
    expect(again.stdout).toContain('already there and verified');
  }, 30_000);

  it('says in one line when it cannot reach the models', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await models(['--only', 'whisper', '--dir', dir, '--mirror', `http://127.0.0.1:${port}`]).catch((e: { code: number; stderr: string }) => e);
    expect((error as { code: number }).code).toBe(1);
    const lines = (error as { stderr: string }).stderr.split('\n').filter((l) => l.trim() && !l.includes('npm warn'));
    expect(lines).toEqual([expect.stringMatching(/^npm run models: Cannot reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\): this machine looks offline/)]);
  }, 30_000);

  it('lists the catalogue with what is present', async () => {
    const { stdout } = await models(['--list', '--dir', dir]);
    expect(stdout).toMatch(/vad\s+present/);
    expect(stdout).toMatch(/whisper\s+missing/);
  }, 30_000);
});
