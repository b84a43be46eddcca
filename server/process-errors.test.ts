import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const helper = path.join(import.meta.dirname, 'process-errors.ts');

/** Runs a Node process that rejects a promise nobody handles, then says it is still running. */
function runStrayRejection(withHandler: boolean): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const script = [
    `const { logUnhandledRejections } = await import(${JSON.stringify(helper)});`,
    withHandler ? 'logUnhandledRejections(() => console);' : '',
    "Promise.reject(new Error('could not extend file: No space left on device'));",
    "setTimeout(() => console.log('still running'), 50);",
  ].join('\n');
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('a promise rejection nobody handles', () => {
  it('is logged as an error and the process keeps running', { timeout: 30_000 }, async () => {
    const { code, stdout, stderr } = await runStrayRejection(true);
    expect(stderr).toContain('No space left on device');
    expect(stderr).toContain('unhandled promise rejection; the process keeps running');
    expect(stdout).toContain('still running');
    expect(code).toBe(0);
  });

  it('ends a process without the handler (what the handler is for)', { timeout: 30_000 }, async () => {
    const { code, stdout } = await runStrayRejection(false);
    expect(stdout).not.toContain('still running');
    expect(code).toBe(1);
  });
});
