import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../../contract/page-preloads.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';

// A stand-in build folder with the list scripts/build/chunks.ts writes: which scripts each
// page's HTML names beyond index.html's own.
const PRELOADS: PagePreloads = {
  app: ['/assets/app-1.js', '/assets/vendor-1.js'],
  pages: [
    ['/', ['/assets/HomeScreen-1.js', '/assets/shared-1.js']],
    ['/library', []],
    ['/library/:storyId', ['/assets/StoryView-1.js', '/assets/shared-1.js']],
    ['/timeline', ['/assets/TimelinePage-1.js']],
  ],
  words: { en: ['/assets/en-1.js'], fi: ['/assets/fi-1.js'] },
  landing: { en: ['/assets/landing-1.js'], fi: ['/assets/landing-1.js'] },
  runOnArrival: ['/assets/warmUp-1.js', '/assets/schemas-1.js'],
};
const INDEX = '<!doctype html><html lang="en"><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>';

let server: TestApp;
beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'saaga-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  writeFileSync(path.join(clientDir, 'landing.en.html'), '<!doctype html><html lang="en"><head></head><div id="root"><h1>Saaga</h1></div>');
  writeFileSync(path.join(clientDir, 'landing.fi.html'), '<!doctype html><html lang="fi"><head></head><div id="root"><h1>Saaga</h1></div>');
  writeFileSync(path.join(clientDir, PAGE_PRELOADS_FILE), JSON.stringify(PRELOADS));
  server = await startTestApp({}, { clientDir });
});
afterAll(() => server?.close());

/** The page at `route` as the browser would get it (fetch would add its own Accept-Encoding). */
function page(route: string, headers: Record<string, string> = {}): Promise<{ html: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${route}`, { headers: { 'accept-language': 'en-US', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const html = (response.headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : body).toString();
        resolve({ html, headers: response.headers });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error('timed out')));
    request.end();
  });
}

const SESSION = { cookie: 'saaga_session=anything' };
const scripts = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
const runOnArrival = (html: string) => [...html.matchAll(/<script type="module" async crossorigin src="([^"]+)"><\/script>/g)].map((match) => match[1]);
const reads = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map((match) => match[1]);

it("names the library's scripts, words and first reads in its page, in the head, for someone with a session", async () => {
  const { html, headers } = await page('/library', SESSION);
  expect(scripts(html)).toEqual(['/assets/app-1.js', '/assets/vendor-1.js', '/assets/en-1.js']);
  expect(reads(html)).toEqual(['/api/auth/user', '/api/stories?filter=all', '/api/stories/counts']);
  expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
  expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
  // Run as they arrive (async), while the app's other scripts still load.
  expect(runOnArrival(html)).toEqual(['/assets/warmUp-1.js', '/assets/schemas-1.js']);
  expect(headers['cache-control']).toBe('no-cache');
  expect(headers.vary).toMatch(/cookie/i);
  expect(headers.vary).toMatch(/accept-language/i);
});

it('reads the filter in the address, and names no read for a filter the API does not know or a search', async () => {
  expect(reads((await page('/library?filter=unassigned', SESSION)).html)).toEqual(['/api/auth/user', '/api/stories?filter=unassigned', '/api/stories/counts']);
  const odd = await page('/library?filter=%22%3E%3Cscript%3E', SESSION);
  expect(reads(odd.html)).toEqual(['/api/auth/user']);
  expect(odd.html).not.toContain('<script>');
  expect(reads((await page('/library?q=lake', SESSION)).html)).toEqual(['/api/auth/user']);
});

it('names no reads without a session (they would be refused), but still the scripts', async () => {
  const { html } = await page('/library');
  expect(reads(html)).toEqual([]);
  expect(scripts(html)).toContain('/assets/app-1.js');
});

it("names another page's own scripts by its route, and the words of the browser's language", async () => {
  expect(scripts((await page('/timeline', SESSION)).html)).toContain('/assets/TimelinePage-1.js');
  const story = await page('/library/12', { ...SESSION, 'accept-language': 'fi-FI,fi;q=0.9' });
  expect(scripts(story.html)).toEqual(['/assets/app-1.js', '/assets/vendor-1.js', '/assets/StoryView-1.js', '/assets/shared-1.js', '/assets/fi-1.js']);
  expect(runOnArrival(story.html)).toEqual(['/assets/warmUp-1.js', '/assets/schemas-1.js']);
  expect(reads(story.html)).toEqual(['/api/auth/user']);
  expect(scripts((await page('/', SESSION)).html)).toContain('/assets/HomeScreen-1.js');
  expect(scripts((await page('/settings', SESSION)).html)).toEqual(['/assets/app-1.js', '/assets/vendor-1.js', '/assets/en-1.js']);
});

it("gives a visitor at the front door the rendered landing page, naming none of the app's scripts", async () => {
  const { html } = await page('/');
  expect(html).toContain('<h1>Saaga</h1>');
  expect(scripts(html)).toEqual([]);
  expect(runOnArrival(html)).toEqual([]);
});

it('sends the page brotli when the browser takes it, as it is otherwise', async () => {
  const brotli = await page('/library', { ...SESSION, 'accept-encoding': 'gzip, br' });
  expect(brotli.headers['content-encoding']).toBe('br');
  expect(brotli.headers.vary).toMatch(/accept-encoding/i);
  const plain = await page('/library', { ...SESSION, 'accept-encoding': 'br;q=0' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.html).toBe(brotli.html);
  expect(plain.headers['content-type']).toMatch(/^text\/html/);
});
