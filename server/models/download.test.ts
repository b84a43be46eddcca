import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_MODELS } from '../../test/support/shared-files.ts';
import { ensureModelsInBackground } from './background.ts';
import type { ModelEntry } from './catalogue.ts';
import { DownloadError, downloadModel, type DownloadProgress } from './download.ts';

/** A local stand-in for Hugging Face: serves the test-size models with Range support, and misbehaves on request. */
const files = new Map<string, Buffer>();
const behaviour = { cutAfterOnce: 0, ignoreRange: false, stall: false };
const seen: { path: string; range?: string }[] = [];
let server: Server;
let base: string;
let modelsDir: string;

beforeAll(async () => {
  files.set('/vad.bin', await readFile(TEST_MODELS.vad));
  files.set('/writer.gguf', await readFile(TEST_MODELS.writer));
  server = createServer((request, response) => {
    const body = files.get(request.url ?? '');
    seen.push({ path: request.url ?? '', range: request.headers.range });
    if (!body) {
      response.writeHead(404).end('Entry not found');
      return;
    }
    if (behaviour.stall) {
      response.writeHead(200, { 'content-length': body.length });
      response.write(body.subarray(0, 10));
      return; // and nothing more
    }
    let start = 0;
    const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    if (range && !behaviour.ignoreRange) {
      start = Number(range[1]);
      if (start >= body.length) {
        response.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
        return;
      }
      response.writeHead(206, { 'content-length': body.length - start, 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` });
    } else {
      response.writeHead(200, { 'content-length': body.length });
    }
    const rest = body.subarray(start);
    if (behaviour.cutAfterOnce > 0) {
      const cut = behaviour.cutAfterOnce;
      behaviour.cutAfterOnce = 0;
      response.write(rest.subarray(0, cut), () => setTimeout(() => response.destroy(), 20));
      return;
    }
    response.end(rest);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  modelsDir = await mkdtemp(join(tmpdir(), 'saaga-download-'));
  Object.assign(behaviour, { cutAfterOnce: 0, ignoreRange: false, stall: false });
  seen.length = 0;
});
afterEach(() => rm(modelsDir, { recursive: true, force: true }));

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function entry(path: string, overrides: Partial<ModelEntry> = {}): ModelEntry {
  const body = files.get(path)!;
  return {
    id: path.slice(1), role: 'vad', file: path.slice(1), url: `${base}${path}`, size: body.length, sha256: sha(body),
    licence: 'MIT', description: 'test', default: true, ...overrides,
  };
}

describe('model download', () => {
  it('downloads with progress, verifies the checksum and puts the file in place', async () => {
    const progress: DownloadProgress[] = [];
    const result = await downloadModel(entry('/vad.bin'), { modelsDir, onProgress: (p) => progress.push(p) });
    const body = files.get('/vad.bin')!;
    expect(result).toMatchObject({ path: join(modelsDir, 'vad.bin'), sha256: sha(body), skipped: false, resumedFrom: 0 });
    expect((await readFile(result.path)).equals(body)).toBe(true);
    expect(existsSync(`${result.path}.part`)).toBe(false);
    expect(progress.at(-1)).toEqual({ file: 'vad.bin', received: body.length, total: body.length });
    const received = progress.map((p) => p.received);
    expect([...received].sort((a, b) => a - b)).toEqual(received);
  });

  it('resumes a cut download where it stopped', async () => {
    behaviour.cutAfterOnce = 300_000;
    const error = await downloadModel(entry('/writer.gguf'), { modelsDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as DownloadError).kind).toBe('cut');
    const partial = (await stat(join(modelsDir, 'writer.gguf.part'))).size;
    expect(partial).toBeGreaterThanOrEqual(300_000);

    const result = await downloadModel(entry('/writer.gguf'), { modelsDir });
    expect(result.resumedFrom).toBe(partial);
    expect(seen.at(-1)!.range).toBe(`bytes=${partial}-`);
    expect((await readFile(result.path)).equals(files.get('/writer.gguf')!)).toBe(true);
  });

  it('starts over when the server ignores the range', async () => {
    await writeFile(join(modelsDir, 'vad.bin.part'), Buffer.from('stale bytes'));
    behaviour.ignoreRange = true;
    const result = await downloadModel(entry('/vad.bin'), { modelsDir });
    expect(result.resumedFrom).toBe(0);
    expect(sha(await readFile(result.path))).toBe(sha(files.get('/vad.bin')!));
  });

  it('rejects a file whose checksum does not match, and keeps nothing of it', async () => {
    const error = await downloadModel(entry('/vad.bin', { sha256: '0'.repeat(64) }), { modelsDir }).catch((e: unknown) => e);
    expect((error as DownloadError).kind).toBe('checksum');
    expect((error as Error).message).toContain('checksum mismatch');
    expect(existsSync(join(modelsDir, 'vad.bin'))).toBe(false);
    expect(existsSync(join(modelsDir, 'vad.bin.part'))).toBe(false);
  });

  it('accepts a file with no recorded checksum only with a loud warning naming its hash', async () => {
    const warnings: string[] = [];
    await downloadModel(entry('/vad.bin', { sha256: null, size: null }), { modelsDir, warn: (m) => warnings.push(m) });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^WARNING: vad\.bin has no checksum .* NOT verified/);
    expect(warnings[0]).toContain(sha(files.get('/vad.bin')!));
  });

  it('keeps a good file that is already there without downloading it again', async () => {
    await downloadModel(entry('/vad.bin'), { modelsDir });
    seen.length = 0;
    expect((await downloadModel(entry('/vad.bin'), { modelsDir })).skipped).toBe(true);
    expect(seen).toEqual([]);
  });

  it('says in one line that the machine is offline', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await downloadModel(entry('/vad.bin', { url: `http://127.0.0.1:${port}/vad.bin` }), { modelsDir }).catch((e: unknown) => e);
    expect((error as DownloadError).kind).toBe('offline');
    expect((error as Error).message).toMatch(/^Cannot reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\): this machine looks offline/);
    expect((error as Error).message).not.toContain('\n');
  });

  it('gives up on a server that stops sending', async () => {
    behaviour.stall = true;
    const error = await downloadModel(entry('/vad.bin'), { modelsDir, stallTimeoutMs: 300 }).catch((e: unknown) => e);
    expect((error as DownloadError).kind).toBe('stalled');
  });

  it('reports an HTTP error', async () => {
    const error = await downloadModel(entry('/vad.bin', { url: `${base}/missing.bin` }), { modelsDir }).catch((e: unknown) => e);
    expect((error as DownloadError).kind).toBe('http');
    expect((error as Error).message).toContain('404');
  });
});

describe('first start', () => {
  const catalogue = () => [entry('/vad.bin'), { ...entry('/writer.gguf'), role: 'writer' as const }];

  it('fetches every default model in the background when there is no key', async () => {
    const log: string[] = [];
    const download = ensureModelsInBackground({ modelsDir, catalogue: catalogue(), log: (_l, m) => log.push(m) })!;
    expect(download.state.running).toBe(true);
    await download.done;
    expect(download.state).toMatchObject({ running: false, finished: ['vad.bin', 'writer.gguf'] });
    expect(existsSync(join(modelsDir, 'writer.gguf'))).toBe(true);
    expect(log.at(-1)).toContain('all downloaded');
    expect(ensureModelsInBackground({ modelsDir, catalogue: catalogue() })).toBeUndefined();
  });

  it('fetches only the VAD when an OpenAI key is set', async () => {
    const download = ensureModelsInBackground({ modelsDir, openaiApiKey: 'sk-x', catalogue: catalogue() })!;
    await download.done;
    expect(download.files).toEqual(['vad.bin']);
  });

  it('records a failure instead of throwing, so the app keeps running', async () => {
    const log: string[] = [];
    const download = ensureModelsInBackground({ modelsDir, catalogue: [entry('/vad.bin', { sha256: '1'.repeat(64) })], log: (_l, m) => log.push(m) })!;
    await download.done;
    expect(download.state.error).toContain('checksum mismatch');
    expect(log.at(-1)).toContain('npm run models');
  });
});
