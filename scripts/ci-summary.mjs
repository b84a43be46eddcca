// Prints CI's closing line, "tests: N passed, N failed, N skipped", from every phase's exit
// status and, for a test phase, its Vitest JSON report (scripts/vitest-json-reporter.mjs).
// A red run never reads "0 failed": a failed test, a test file that did not load, an
// error outside any test, a missing or unreadable report, and a phase that exited
// non-zero with nothing else counted are each a failure. Exits 1 when anything failed.
// Above the closing line it names each failed test and its first error line, so a run whose
// log is read only from its end still says what broke.
//
//   node scripts/ci-summary.mjs typecheck:0 pglite:1:/tmp/pglite.json postgres:0:/tmp/postgres.json
import { existsSync, readFileSync } from 'node:fs';

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What one phase counted: tests passed, failed and skipped, and why it failed. */
function countPhase(status, reportFile) {
  const phase = { passed: 0, failed: 0, skipped: 0, notes: [], failures: [] };
  if (reportFile) {
    if (!existsSync(reportFile)) {
      phase.failed += 1;
      phase.notes.push('no report');
    } else {
      try {
        const report = JSON.parse(readFileSync(reportFile, 'utf8'));
        phase.passed += report.numPassedTests;
        phase.failed += report.numFailedTests;
        phase.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
        // A file that failed before any of its tests ran (an import error) counts once.
        const unloaded = report.testResults.filter(
          (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
        ).length;
        phase.failures.push(...failuresIn(report));
        if (unloaded) phase.notes.push(`${plural(unloaded, 'test file')} failed to run`);
        phase.failed += unloaded;
        const unhandled = report.numUnhandledErrors ?? 0;
        if (unhandled) phase.notes.push(plural(unhandled, 'unhandled error'));
        phase.failed += unhandled;
      } catch (error) {
        phase.failed += 1;
        phase.notes.push(`unreadable report (${error.message})`);
      }
    }
  }
  if (status !== 0 && phase.failed === 0) {
    phase.failed += 1;
    if (reportFile) phase.notes.push('no failure in the report');
  }
  if (status !== 0) phase.notes.push(`exit ${status}`);
  return phase;
}

/** An error's first line with text, without the terminal's colours. */
const firstLine = (text) => (text ?? '').replace(/\x1b\[[0-9;]*m/g, '').split('\n').find((line) => line.trim())?.trim() ?? '';

/** "file > test: first error line" for each failed test, and for each file that failed to load. */
function failuresIn(report) {
  return report.testResults.flatMap((file) => {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failed.length === 0) return [`${name}: ${firstLine(file.message)}`];
    return failed.map((test) => `${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

const failures = [];
const total = { passed: 0, failed: 0, skipped: 0 };
for (const argument of process.argv.slice(2)) {
  const [name, statusText, ...reportParts] = argument.split(':');
  const status = Number(statusText);
  if (!name || !Number.isInteger(status)) {
    console.error(`ci-summary: expected name:status[:report.json], got "${argument}"`);
    process.exit(2);
  }
  const phase = countPhase(status, reportParts.join(':'));
  const tests = reportParts.length ? `${phase.passed} passed, ${phase.failed} failed, ${phase.skipped} skipped` : status === 0 ? 'ok' : 'failed';
  console.log(`  ${name}: ${tests}${phase.notes.length ? ` (${phase.notes.join('; ')})` : ''}`);
  failures.push(...phase.failures.map((failure) => `  ${name}: ${failure}`));
  total.passed += phase.passed;
  total.failed += phase.failed;
  total.skipped += phase.skipped;
}
if (failures.length) console.log(`failed:\n${failures.join('\n')}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
