import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
      cwd: root,
      env: { ...process.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'saaga-main-')), ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('server start', () => {
  it('stops with a message naming a bad setting', async () => {
    const { code, output } = await runServer({ PORT: 'not-a-port' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toMatch(/PORT: /);
    expect(output).not.toMatch(/at .*\.ts:\d+/);
  });
});
