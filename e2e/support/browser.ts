import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * The full browser, for a permission nobody granted: it refuses it as a person refuses the prompt
 * (the headless shell has no prompt, and answers NotSupportedError).
 */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
/**
 * The browser the tests drive: CHROMIUM_PATH, else Chromium's headless shell (Debian's
 * chromium-headless-shell, the old headless mode Playwright itself tests with: no browser UI to
 * draw, about 30% less time for the browser files on a 2-core machine), else the full browser.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

export interface LaunchOptions {
  /** A WAV file the fake microphone plays. */
  fakeAudioFile?: string;
  /**
   * `skip`: every page of the browser starts past the 2.5 s splash. Default `show`, as
   * people see it; a test of the splash itself keeps it.
   */
  splash?: 'show' | 'skip';
}

/** Chromium's switches for every test browser: no sandbox (a container), no GPU, no calls home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Debian's Chromium, headless, kept off the closed network; audio options for the fake microphone. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium-headless-shell (or chromium), or set CHROMIUM_PATH`);
  const args = [...CHROMIUM_ARGS];
  if (options.fakeAudioFile) {
    args.push(
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${options.fakeAudioFile}`,
    );
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args });
  // browser.newPage() opens its context through newContext() too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (contextOptions) => {
    // No service worker unless the test asks for one (`serviceWorkers: 'allow'`, the tests of
    // installing and reading offline): the other tests see every request the page makes.
    const context = await newContext({ serviceWorkers: 'block', ...contextOptions });
    if (options.splash === 'skip') await skipSplash(context);
    return context;
  };
  return browser;
}

/** Pages of `target` opened or reloaded from now on start past the splash (the flag SplashScreen honours). */
export async function skipSplash(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(() => {
    window.saagaSkipSplash = true;
  });
}

const launched = new Map<string, Promise<Browser>>();

/**
 * Chromium with these options, launched once per test worker and kept for the worker's next
 * files (the e2e project runs them in one module space). Playwright ends it when the worker exits.
 */
export function sharedChromium(options: LaunchOptions = {}): Promise<Browser> {
  const key = JSON.stringify([options.fakeAudioFile ?? null, options.splash ?? 'show']);
  let browser = launched.get(key);
  if (!browser) {
    browser = launchChromium(options);
    launched.set(key, browser);
    // A browser that crashed or failed to start is launched afresh for the next file.
    void browser.then(
      (started) => started.on('disconnected', () => launched.delete(key)),
      () => launched.delete(key),
    );
  }
  return browser;
}
