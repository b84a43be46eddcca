import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../test/fakes/openai-server.ts';
import { fakeOpenAiEngines } from '../../test/support/engines.ts';
import { startTestApp, type TestApp, type TestAppOptions } from '../../test/support/test-app.ts';
import { type LaunchOptions, sharedChromium } from './browser.ts';
import { CLIENT_DIR } from './built-client.ts';

export interface BrowserAppOptions {
  /** Server settings besides the generous sign-in limit every browser test needs (read once the file's earlier hooks ran). */
  env?: Record<string, string> | (() => Record<string, string>);
  /**
   * The AI engines: the fake OpenAI server's (the default; `fake` is that server), none (no
   * background workers), or the file's own.
   */
  engines?: 'fake-openai' | 'none' | (() => NonNullable<TestAppOptions['engines']>);
  /** A WAV file the fake microphone plays; without it the browser has no fake media devices. */
  microphone?: string;
  /** `skip` (the default): pages start past the splash; a test of the splash itself shows it. */
  splash?: LaunchOptions['splash'];
  /** Fail the file when the fake OpenAI server saw a request it could not answer. */
  noFakeErrors?: boolean;
}

export interface BrowserApp {
  /** The real server on its own database, serving the built client. */
  server: TestApp;
  /** Chromium, one per worker and launch options (a file's pages are in their own contexts). */
  browser: Browser;
  /** The local server speaking OpenAI's protocol (only with `engines: 'fake-openai'`). */
  fake: FakeOpenAi;
}

/**
 * A browser test file's world, set up once here: the fake OpenAI server, the test app
 * serving the built client, and Chromium (with a fake microphone if asked). Started before
 * the file's tests and closed after them; `ready` hands it to the file's own variables.
 * Chromium is kept for the worker's next file (launching it is the slow part); the
 * contexts this file opened are closed with it.
 *
 *   let server: TestApp; let browser: Browser; let fake: FakeOpenAi;
 *   useBrowserApp({ microphone: CLIPS.jfk }, (app) => ({ server, browser, fake } = app));
 */
export function useBrowserApp(options: BrowserAppOptions = {}, ready?: (app: BrowserApp) => void): BrowserApp {
  const app = {} as BrowserApp;
  const { engines = 'fake-openai' } = options;
  beforeAll(async () => {
    if (engines === 'fake-openai') app.fake = await startFakeOpenAi();
    app.server = await startTestApp(
      { LOGIN_RATE_LIMIT: '1000', ...(typeof options.env === 'function' ? options.env() : options.env) },
      {
        clientDir: CLIENT_DIR,
        engines: engines === 'fake-openai' ? fakeOpenAiEngines(app.fake) : engines === 'none' ? undefined : engines(),
      },
    );
    app.browser = await sharedChromium({ fakeAudioFile: options.microphone, splash: options.splash ?? 'skip' });
    ready?.(app);
  });
  afterAll(async () => {
    for (const context of app.browser?.contexts() ?? []) await context.close();
    await app.server?.close();
    if (options.noFakeErrors && app.fake) expect(app.fake.errors).toEqual([]);
    await app.fake?.close();
  });
  return app;
}
