import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.join(import.meta.dirname, 'ci-summary.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'saaga-ci-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Test = { status: 'passed' | 'failed' | 'skipped'; fullName?: string; failureMessages?: string[] };
type File = { status: 'passed' | 'failed'; tests: Test[]; name?: string; message?: string };
/** A report in the shape Vitest's JSON reporter writes, from files of tests. */
function report(name: string, files: File[], unhandled?: number): string {
  const tests = files.flatMap((file) => file.tests);
  const file = path.join(dir, `${name}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      numPassedTests: tests.filter((t) => t.status === 'passed').length,
      numFailedTests: tests.filter((t) => t.status === 'failed').length,
      numPendingTests: tests.filter((t) => t.status === 'skipped').length,
      numTodoTests: 0,
      testResults: files.map((f, i) => ({
        name: f.name ?? path.join(process.cwd(), `file-${i}.test.ts`),
        status: f.status,
        message: f.message ?? '',
        assertionResults: f.tests.map((t, j) => ({ fullName: `test ${j}`, failureMessages: [], ...t })),
      })),
      ...(unhandled === undefined ? {} : { numUnhandledErrors: unhandled }),
    }),
  );
  return file;
}

function summary(...phases: string[]) {
  const run = spawnSync(process.execPath, [script, ...phases], { encoding: 'utf8' });
  const lines = run.stdout.trim().split('\n');
  return { code: run.status, closing: lines.at(-1), output: run.stdout + run.stderr };
}

const green = [{ status: 'passed' as const, tests: [{ status: 'passed' as const }, { status: 'passed' as const }, { status: 'skipped' as const }] }];

describe('the CI closing line', () => {
  it('adds up green phases', () => {
    const result = summary('typecheck:0', `unit:0:${report('green', green, 0)}`);
    expect(result.closing).toBe('tests: 2 passed, 0 failed, 1 skipped');
    expect(result.output).not.toContain('failed:');
    expect(result.code).toBe(0);
  });

  it('counts a failed test once, and a file that failed before its tests ran', () => {
    const files = [
      { status: 'failed' as const, tests: [{ status: 'failed' as const }, { status: 'passed' as const }] },
      { status: 'failed' as const, tests: [] },
    ];
    const result = summary(`unit:1:${report('failed-tests', files, 0)}`);
    expect(result.closing).toBe('tests: 1 passed, 2 failed, 0 skipped');
    expect(result.code).toBe(1);
  });

  it('names each failed test and its first error line above the closing line, and a file that did not load', () => {
    const files: File[] = [
      {
        name: path.join(process.cwd(), 'server/stories/list.api.test.ts'),
        status: 'failed',
        tests: [
          { status: 'passed' },
          { status: 'failed', fullName: 'the library > lists newest first', failureMessages: ['\x1b[31mAssertionError: expected 2 to be 3\x1b[39m\n    at list.api.test.ts:12'] },
        ],
      },
      { name: path.join(process.cwd(), 'client/broken.test.ts'), status: 'failed', message: '\nSyntaxError: Unexpected token\nmore', tests: [] },
    ];
    const lines = summary(`pglite:1:${report('named', files, 0)}`).output.trim().split('\n');
    expect(lines.slice(-4)).toEqual([
      'failed:',
      '  pglite: server/stories/list.api.test.ts > the library > lists newest first: AssertionError: expected 2 to be 3',
      '  pglite: client/broken.test.ts: SyntaxError: Unexpected token',
      'tests: 1 passed, 2 failed, 0 skipped',
    ]);
  });

  it('counts errors outside any test, though no test failed', () => {
    const result = summary(`api:1:${report('unhandled', green, 2)}`);
    expect(result.closing).toBe('tests: 2 passed, 2 failed, 1 skipped');
    expect(result.output).toContain('2 unhandled errors');
  });

  it('counts a phase that exited non-zero with a green report, or with no report, or a failed step without one', () => {
    const result = summary(`api:1:${report('green-but-red', green)}`, `postgres:1:${path.join(dir, 'never-written.json')}`, 'typecheck:2');
    expect(result.closing).toBe('tests: 2 passed, 3 failed, 1 skipped');
    expect(result.output).toContain('no report');
    expect(result.code).toBe(1);
  });

  it('counts a missing report even when the phase said 0', () => {
    const result = summary(`e2e:0:${path.join(dir, 'also-never-written.json')}`);
    expect(result.closing).toBe('tests: 0 passed, 1 failed, 0 skipped');
  });
});
