import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackgroundDownload } from '../models/background.ts';
import { chooseAdapters, createEngines } from './engines.ts';
import { aiHealth } from './health.ts';

let modelsDir: string;
beforeAll(async () => {
  modelsDir = await mkdtemp(join(tmpdir(), 'saaga-models-'));
});
afterAll(() => rm(modelsDir, { recursive: true, force: true }));

describe('engine selection', () => {
  it('uses OpenAI when a key is set, local engines otherwise, and lets each be forced', () => {
    expect(chooseAdapters({ openaiApiKey: 'sk-x' })).toEqual({ transcriber: 'openai', writer: 'openai', narrator: 'openai' });
    expect(chooseAdapters({})).toEqual({ transcriber: 'local', writer: 'local', narrator: 'local' });
    expect(chooseAdapters({ openaiApiKey: 'sk-x', narrator: 'local' }).narrator).toBe('local');
  });

  it('logs which engine does what', () => {
    const lines: string[] = [];
    const engines = createEngines({ openaiApiKey: 'sk-x', openaiBaseUrl: 'http://127.0.0.1:11434/v1', writerModel: 'gemma3:4b', modelsDir, log: (_l, m) => lines.push(m) });
    expect(lines).toEqual([`AI engines: ${engines.summary}`]);
    expect(engines.summary).toContain('transcriber=openai gpt-4o-transcribe at http://127.0.0.1:11434/v1');
    expect(engines.summary).toContain('writer=openai gemma3:4b');
    expect(engines.summary).toContain('vad=ggml-silero-v6.2.0.bin');
    expect(createEngines({ modelsDir }).summary).toContain('writer=local gemma-3-4b-it-Q4_K_M.gguf');
  });
});

describe('health', () => {
  it('reports OpenAI engines ready and a missing VAD with its fix', async () => {
    const statuses = await aiHealth(createEngines({ openaiApiKey: 'sk-x', modelsDir }));
    expect(statuses.map((s) => [s.name, s.adapter, s.ready])).toEqual([
      ['transcriber', 'openai', true], ['writer', 'openai', true], ['narrator', 'openai', true], ['vad', 'local', false],
    ]);
    expect(statuses[3]!.fix).toContain('npm run models');
  });

  it('says which local model is missing and how to get it', async () => {
    const [transcriber, writer, narrator] = await aiHealth(createEngines({ modelsDir }));
    expect(transcriber).toMatchObject({ ready: false, problem: expect.stringContaining('ggml-large-v3-turbo-q5_0.bin'), fix: expect.stringContaining('npm run models') });
    expect(writer).toMatchObject({ ready: false, problem: expect.stringContaining('gemma-3-4b-it-Q4_K_M.gguf') });
    expect(narrator).toMatchObject({ adapter: 'local', ready: true });
  });

  it('shows a background download in progress, or its failure', async () => {
    const engines = createEngines({ modelsDir });
    const download = {
      files: ['ggml-large-v3-turbo-q5_0.bin', 'gemma-3-4b-it-Q4_K_M.gguf'],
      state: { running: true, current: 'ggml-large-v3-turbo-q5_0.bin', received: 45, total: 100, finished: [] },
      done: Promise.resolve(),
      cancel() {},
    } satisfies BackgroundDownload;
    const [transcriber, writer] = await aiHealth(engines, download);
    expect(transcriber!.problem).toBe('The model ggml-large-v3-turbo-q5_0.bin is being downloaded (45%).');
    expect(writer!.problem).toBe('The model gemma-3-4b-it-Q4_K_M.gguf is being downloaded.');
    const failed = { ...download, state: { ...download.state, running: false, error: 'Cannot reach huggingface.co (ENOTFOUND).' } };
    expect((await aiHealth(engines, failed))[0]!.problem).toContain('Cannot reach huggingface.co');
  });
});
