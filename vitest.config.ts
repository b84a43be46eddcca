import { defineConfig } from 'vitest/config';

/**
 * Projects: `unit` (pure logic, fast), `api` (the real server on a real database),
 * `engines` (real local AI engines on test-size models), `e2e` (Chromium through Playwright).
 * Every test may use only this machine; where whisper.cpp runs (the VAD too), its native
 * chatter is switched off. Browser files run side by side with the API files, as many as
 * there are workers: each has its own server, database, browser and temporary folders (one
 * at a time they left a core idle: CI on 2 cores went from 16 to 13 min). Engine files run
 * one at a time: whisper.cpp and llama.cpp spin a thread per core and slow down manyfold
 * beside each other. Together they keep about one core busy, so CI runs them beside the
 * PostgreSQL pass of the API files (.ci/run).
 */
const noNetwork = 'test/support/no-network.ts';
const quietNativeLogs = 'test/support/quiet-native-logs.ts';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['client/**/*.test.ts', 'contract/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'test/support/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/*.engine.test.ts', '**/node_modules/**'],
          setupFiles: [noNetwork],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['server/**/*.api.test.ts', 'test/scale-out/*.api.test.ts'],
          setupFiles: [noNetwork, quietNativeLogs],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file builds its own server, database and fakes, and restores what it changes
          // (TMPDIR); sharing the loaded modules between files of a worker saves the import of
          // the whole server per file (the API suite on 2 cores: 247 s to 177 s).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'engines',
          include: ['server/**/*.engine.test.ts', 'scripts/**/*.engine.test.ts'],
          setupFiles: [noNetwork, quietNativeLogs],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          setupFiles: [noNetwork, quietNativeLogs],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // As in the API project: each file builds its own server, database and fakes
          // (e2e/support/browser-app.ts); sharing the loaded modules between a worker's files
          // spares the import of the whole server per file and lets them share one Chromium.
          isolate: false,
        },
      },
    ],
  },
});
