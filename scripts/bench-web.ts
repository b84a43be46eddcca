/**
 * npm run bench:web (after npm run build): the landing page and the signed-in library in
 * Chromium as a phone on fast 3G (1.6 Mbps down, 150 ms round trip, 4x CPU slowdown),
 * against the built client served by the real server. Prints, for each page, the
 * JavaScript transferred (as sent, and what it weighs gzipped) and the largest contentful
 * paint. Each page starts with an empty cache; the splash is skipped (it covers the first
 * visit only, and its "S" would otherwise be what paints largest).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { stories } from '../server/db/schema.ts';
import { signedUpClient } from '../test/support/http-client.ts';
import { startTestApp } from '../test/support/test-app.ts';
import { launchChromium } from '../e2e/support/browser.ts';

// BENCH_WEB_CLIENT_DIR: another build to measure (default: what npm run build makes).
const CLIENT_DIR = path.resolve(process.env.BENCH_WEB_CLIENT_DIR ?? path.join(import.meta.dirname, '..', 'dist', 'client'));
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const STORIES = Number(process.env.BENCH_WEB_STORIES ?? 50);
/** BENCH_WEB_TIMINGS=1 prints when each file of each load arrived. */
if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) throw new Error('No built client in dist/client: npm run build first');

const server = await startTestApp({ LOGIN_RATE_LIMIT: '100000' }, { clientDir: CLIENT_DIR });
const browser = await launchChromium({ splash: 'skip' });

// A library with a first page's worth of stories.
const email = 'bench-web@example.com';
const user = { id: (await signedUpClient(server.url, email)).id };
await server.database.db.insert(stories).values(
  Array.from({ length: STORIES }, (_, n) => ({
    userId: user.id,
    title: `Summers at the lake, part ${n + 1}`,
    content: 'We rowed across the lake every morning before breakfast. '.repeat(20),
    processingStatus: 'generated' as const,
    language: 'en',
    createdAt: new Date(Date.now() - n * 3600_000),
  })),
);

interface Load {
  jsTransferred: number;
  jsGzip: number;
  jsFiles: number;
  lcpMs: number;
  /** What painted largest: tag and text, so a change of what is measured shows. */
  lcpElement: string;
}

async function phoneContext(b: Browser): Promise<BrowserContext> {
  // The app's service worker runs, as on a phone (e2e/support/browser.ts blocks it by default).
  return b.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale: 'en-US', serviceWorkers: 'allow' });
}

async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Opens `url` in `context` and measures it once the page has been still a moment and `ready` holds. */
async function measure(context: BrowserContext, url: string, ready: (page: Page) => Promise<unknown>): Promise<Load> {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { benchLcp: number; benchLcpElement: string };
    w.benchLcp = 0;
    w.benchLcpElement = '';
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
        w.benchLcp = entry.startTime;
        w.benchLcpElement = entry.element ? `${entry.element.tagName.toLowerCase()} "${(entry.element.textContent ?? '').trim().slice(0, 40)}"` : '(removed)';
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await throttle(page);
  const scripts: Promise<{ sent: number; gzip: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
        return { sent: sizes.responseBodySize, gzip: gzipSync(body, { level: 9 }).length };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  // Playwright's locators run its own script in the page (about 30 ms on the throttled CPU,
  // and polling after): asked only once the page is still, so they are not part of its paint.
  await page.waitForLoadState('networkidle', { timeout: 30_000 });
  await page.waitForTimeout(500);
  await ready(page);
  const { lcpMs, lcpElement } = await page.evaluate(() => {
    const w = window as unknown as { benchLcp: number; benchLcpElement: string };
    return { lcpMs: w.benchLcp, lcpElement: w.benchLcpElement };
  });
  const loaded = await Promise.all(scripts);
  if (process.env.BENCH_WEB_TIMINGS) {
    // When each file of the page arrived, and when the page's own code ran (what the LCP waited for).
    const timings = await page.evaluate(() => [
      ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        (r) => `${Math.round(r.startTime).toString().padStart(5)} → ${Math.round(r.responseEnd).toString().padStart(5)} ms  ${(r.encodedBodySize / 1024).toFixed(1).padStart(6)} KB  ${r.name.replace(location.origin, '')}`,
      ),
      `${Math.round((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive).toString().padStart(13)} ms  DOM interactive`,
    ]);
    console.log(`  ${url}\n  ${timings.join('\n  ')}\n  LCP ${Math.round(lcpMs)} ms`);
  }
  await page.close();
  return {
    jsTransferred: loaded.reduce((sum, s) => sum + s.sent, 0),
    jsGzip: loaded.reduce((sum, s) => sum + s.gzip, 0),
    jsFiles: loaded.length,
    lcpMs,
    lcpElement,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(name: string, loads: Load[]): void {
  const last = loads[loads.length - 1];
  console.log(
    `${name.padEnd(8)} JS ${kb(last.jsTransferred)} transferred (${kb(last.jsGzip)} gzip, ${last.jsFiles} files)  LCP median ${Math.round(median(loads.map((l) => l.lcpMs)))} ms  (runs: ${loads.map((l) => Math.round(l.lcpMs)).join(', ')} ms; ${last.lcpElement})`,
  );
}

try {
  const landing: Load[] = [];
  const library: Load[] = [];
  for (let run = 0; run < RUNS; run++) {
    const visitor = await phoneContext(browser);
    landing.push(await measure(visitor, `${server.url}/`, (page) => page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 })));
    await visitor.close();

    const reader = await phoneContext(browser);
    const signIn = await reader.request.post(`${server.url}/api/auth/local/sign-in`, {
      data: { email, password: 'long enough password' },
      headers: { origin: server.url },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    // A chosen language, so no first-time welcome dialog stands over the library.
    await reader.request.put(`${server.url}/api/auth/language-preference`, { data: { language: 'en' }, headers: { origin: server.url } });
    library.push(await measure(reader, `${server.url}/library`, (page) => page.getByText('Summers at the lake, part 1', { exact: true }).waitFor({ timeout: 30_000 })));
    await reader.close();
  }
  console.log(`fast 3G phone (1.6 Mbps, 150 ms RTT, 4x CPU), ${RUNS} cold loads each`);
  report('landing', landing);
  report('library', library);
} finally {
  await browser.close();
  await server.close();
}
