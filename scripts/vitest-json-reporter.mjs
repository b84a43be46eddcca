// Vitest's JSON report plus `numUnhandledErrors`: errors thrown outside any test (a stray
// rejection, a crash in a worker) make the run red, but the stock report counts no test
// as failed for them. CI's summary (scripts/ci-summary.mjs) reads the count.
import { JsonReporter } from 'vitest/node';

export default class JsonReporterWithErrors extends JsonReporter {
  unhandledErrors = 0;

  onTestRunEnd(testModules, unhandledErrors, reason) {
    this.unhandledErrors = unhandledErrors.length;
    return super.onTestRunEnd(testModules, unhandledErrors, reason);
  }

  writeReport(report) {
    return super.writeReport(JSON.stringify({ ...JSON.parse(report), numUnhandledErrors: this.unhandledErrors }));
  }
}
