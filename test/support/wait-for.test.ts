import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { until, waitFor, waitWhileMoving } from './wait-for.ts';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('waitFor', () => {
  it('gives back the first value the condition holds for', async () => {
    let reads = 0;
    expect(await waitFor(() => ++reads, (n) => n === 3, 5000, 'the third read')).toBe(3);
  });

  it('fails after its timeout, saying what it waited for and what it last saw', async () => {
    await expect(waitFor(async () => 'still writing', (s) => s === 'written', 50, 'the story to be written')).rejects.toThrow(
      /gave up after 50 ms waiting for the story to be written; last value: "still writing"/,
    );
    // Without words, the condition's own text says what.
    await expect(until(() => false, 30, 'the socket to close')).rejects.toThrow(/waiting for the socket to close/);
    await expect(waitFor(() => 1, (n) => n > 1, 30)).rejects.toThrow(/waiting for \(n\) => n > 1/);
  });

  it('waits on while the count moves, and fails once it has stood still too long', async () => {
    let count = 0;
    expect(await waitWhileMoving(async () => ++count, (n) => n === 5, { stalledMs: 1000, timeoutMs: 5000, what: 'five' })).toBe(5);
    await expect(waitWhileMoving(async () => 7, (n) => n === 8, { stalledMs: 30, timeoutMs: 5000, what: 'the eighth story' })).rejects.toThrow(
      /the eighth story: stuck at 7 for over 30 ms/,
    );
  });

  it('needs a timeout', async () => {
    await expect(waitFor(() => 1, () => true, 0)).rejects.toThrow(/needs a timeout/);
  });
});

/**
 * Where a test may still pause on the clock, and why; everywhere else a test waits with
 * `waitFor`/`until` (or the browser's WAIT) for a positive signal.
 */
const PAUSES_ALLOWED = new Map([
  ['test/support/wait-for.ts', 'the one polling helper'],
  ['test/support/wait-for.test.ts', 'this rule'],
  ['e2e/support/wait.ts', "the page-side timer that orders a check after the page's own timers"],
  ['test/fakes/openai-realtime.ts', "the fake's configurable answer delay"],
  ['server/http/stalled-requests.api.test.ts', 'an idle connection longer than the work limit is the input under test'],
  ['e2e/library.test.ts', 'holding the press is the long-press gesture itself'],
]);

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.parentPath.includes('node_modules'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

it('no test polls or sleeps on its own: one polling helper, no sleep before asserting that nothing happened', () => {
  const files = [
    ...sourceFiles('test'),
    ...sourceFiles('e2e'),
    ...sourceFiles('server').filter((file) => file.endsWith('.test.ts')),
    ...sourceFiles('scripts').filter((file) => file.endsWith('.test.ts')),
  ];
  const pausing = files.filter((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    return /setTimeout\(\s*(resolve|r)\s*,|waitForTimeout\(|\bsleep\(/.test(text);
  });
  expect(pausing.filter((file) => !PAUSES_ALLOWED.has(file))).toEqual([]);
});
