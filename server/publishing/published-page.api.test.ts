import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED_DATA_ELEMENT_ID, publicStorySchema } from '../../contract/publishing.ts';
import { HttpClient, signedUpClient } from '../../test/support/http-client.ts';
import { seeder } from '../../test/support/seed.ts';
import { startTestApp, type TestApp } from '../../test/support/test-app.ts';
import { users } from '../db/schema.ts';

// The public page /published/{slug}, rendered by the server on the built client's
// index.html: readable without JavaScript, previewed by link unfurlers, cacheable.

/** A stand-in for the built client: what matters is that the page is built on it. */
const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0, viewport-fit=cover" />
    <title>Saaga</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body class="bg-black">
    <div id="root"></div>
  </body>
</html>
`;

const LONG_CONTENT = `Kesällä 1965 soudimme järven yli joka aamu.
Isä lauloi vanhoja lauluja.

Illalla lämmitimme saunan, ja mummo kertoi tarinoita sodasta ja siitä, miten hän tapasi ukin tansseissa Tampereella. ${'Ja niin edelleen. '.repeat(10)}`;

let server: TestApp;
let owner: HttpClient;
let ownerId: string;
beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'saaga-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), BUILT_INDEX);
  server = await startTestApp({ LOGIN_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '1000' }, { clientDir });
  ({ client: owner, id: ownerId } = await signedUpClient(server.url, 'page@example.com'));
});
afterAll(() => server?.close());

const seed = () => seeder(server.database.db, server.store);
const reader = () => new HttpClient(server.url);

async function publish(fields: Parameters<ReturnType<typeof seed>['story']>[1], customSlug: string) {
  const story = await seed().story(ownerId, fields);
  const response = await owner.post(`/api/stories/${story.id}/publish`, { generateAudio: false, customSlug });
  expect(response.status, await response.clone().text()).toBe(200);
  return story;
}

/** The values of the head's meta tags, by name or property. */
function metaOf(html: string): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const [, key, value] of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) meta[key] = value;
  return meta;
}
const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const embedded = (html: string) => {
  const match = new RegExp(`<script type="application/json" id="${PUBLISHED_DATA_ELEMENT_ID}">([^]*?)</script>`).exec(html);
  expect(match, 'the embedded story').not.toBeNull();
  return JSON.parse(match![1]);
};

describe('the published page', () => {
  it('is the app with the story, its meta tags and its data in it', async () => {
    await publish({ title: 'Mökkikesä', content: LONG_CONTENT, language: 'fi' }, 'mokkikesa-1965');
    const response = await reader().get('/published/mokkikesa-1965');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();

    // Built on the client's own page: its scripts and styles load, so the app draws itself over the story.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
    expect(html).toMatch(/^<!doctype html>\n<html lang="fi">/);
    expect(html).toContain('<title>Mökkikesä · Saaga</title>');

    const pageUrl = `${server.url}/published/mokkikesa-1965`;
    const snippet = `${LONG_CONTENT.replace(/\s+/g, ' ').slice(0, 150).trimEnd()}…`;
    const publicStory = publicStorySchema.parse(await (await reader().get('/api/published/mokkikesa-1965')).json());
    expect(Object.fromEntries(Object.entries(metaOf(html)).map(([k, v]) => [k, decode(v)]))).toEqual({
      viewport: 'width=device-width, initial-scale=1.0, viewport-fit=cover',
      description: snippet,
      'og:title': 'Mökkikesä',
      'og:description': snippet,
      'og:type': 'article',
      'og:url': pageUrl,
      'og:site_name': 'Saaga',
      'og:locale': 'fi_FI',
      'article:published_time': publicStory.publishedAt,
      'article:author': 'Aino',
      'twitter:card': 'summary',
      'twitter:title': 'Mökkikesä',
      'twitter:description': snippet,
    });
    expect(html).toContain(`<link rel="canonical" href="${pageUrl}" />`);
    // No narration asked for: no og:audio.
    expect(html).not.toContain('og:audio');

    // The story reads without JavaScript, inside the app's root, with its line breaks.
    const root = html.slice(html.indexOf('<div id="root">'), html.indexOf(`<script type="application/json"`));
    expect(root).toContain('<h1 class="font-serif text-3xl leading-tight font-semibold text-stone-50">Mökkikesä</h1>');
    expect(root).toContain('<p>Kesällä 1965 soudimme järven yli joka aamu.<br />Isä lauloi vanhoja lauluja.</p>');
    expect(root).toContain('<p>Illalla lämmitimme saunan');
    expect(root).toMatch(/Julkaistu <time datetime="[^"]+">\d+\. \p{L}+ \d{4}<\/time>/u);

    // And the app starts from the same story as the public read.
    expect(embedded(html)).toEqual(publicStory);
  });

  it('keeps every text of the story as text: nothing closes the data, nothing runs', async () => {
    const title = '</script><b>Bold</b> & "quoted" \'single\' $& $1';
    const content = 'Line <img src=x onerror=alert(1)>\n<script>alert(2)</script><!-- not a comment';
    await publish({ title, content }, 'hostile');
    const response = await reader().get('/published/hostile');
    const html = await response.text();

    expect(html).not.toContain('<b>Bold');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<!-- not');
    expect(html).toContain('<title>&lt;/script&gt;&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;quoted&quot; &#39;single&#39; $&amp; $1 · Saaga</title>');
    expect(html).toContain('<p>Line &lt;img src=x onerror=alert(1)&gt;<br />&lt;script&gt;alert(2)&lt;/script&gt;&lt;!-- not a comment</p>');
    // Two script elements (the app's and the data), each closed once.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(embedded(html)).toMatchObject({ title, content });
    expect(decode(metaOf(html)['og:title'])).toBe(title);

    // The policy that keeps inline scripts from running covers the page.
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
  });

  it('is cacheable for a minute and revalidated with its ETag', async () => {
    const story = await publish({ title: 'Cached', content: 'The first telling.' }, 'cached');
    for (const url of ['/published/cached', '/api/published/cached']) {
      const first = await reader().get(url);
      expect(first.status, url).toBe(200);
      expect(first.headers.get('cache-control'), url).toBe('public, max-age=60, must-revalidate');
      const etag = first.headers.get('etag');
      expect(etag, url).toMatch(/^"[\w-]+"$/);

      const again = await reader().get(url, { 'if-none-match': etag! });
      expect(again.status, url).toBe(304);
      expect(await again.text(), url).toBe('');
      expect(again.headers.get('etag'), url).toBe(etag);
      expect((await reader().get(url, { 'if-none-match': '"something-else"' })).status, url).toBe(200);
    }
    const before = (await reader().get('/published/cached')).headers.get('etag')!;
    await owner.request('PATCH', `/api/stories/${story.id}`, { content: 'The second telling.' });
    await owner.post(`/api/stories/${story.id}/publish`, { generateAudio: false });
    const after = await reader().get('/published/cached', { 'if-none-match': before });
    expect(after.status).toBe(200);
    expect(await after.text()).toContain('The second telling.');
  });

  it('is the app with 404 for a slug nobody published, so it shows "Story Not Found"', async () => {
    for (const slug of ['never-published', 'NOT-A-SLUG']) {
      const response = await reader().get(`/published/${slug}`);
      expect(response.status, slug).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
      expect(html).toContain('Story Not Found');
      expect(html).toContain('The story you&#39;re looking for doesn&#39;t exist or has been unpublished.');
      expect(html).not.toContain(PUBLISHED_DATA_ELEMENT_ID);
    }
  });
});

describe('without a built client, behind PUBLIC_URL, with a low rate limit', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ PUBLIC_RATE_LIMIT: '3', PUBLIC_URL: 'https://saaga.example' });
  });
  afterAll(() => bare?.close());

  it('renders a page of its own around the same parts, with the public address', async () => {
    // Signing up would need a browser at PUBLIC_URL: the owner is seeded.
    const [{ id: userId }] = await bare.database.db.insert(users).values({ email: 'bare@example.com', firstName: 'Aino' }).returning();
    const story = await seeder(bare.database.db).story(userId, { title: 'Plain page' });
    await seeder(bare.database.db).publishedStory(userId, story.id, 'plain-page', { title: 'Plain page', content: 'Told plainly.' });
    const html = await (await new HttpClient(bare.url).get('/published/plain-page')).text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<link rel="canonical" href="https://saaga.example/published/plain-page" />');
    expect(html).toContain('<div id="root"><div class="min-h-dvh');
    expect(embedded(html)).toMatchObject({ title: 'Plain page', content: 'Told plainly.', audioUrl: null });
  });

  it('answers one address only so often a minute', async () => {
    const client = new HttpClient(bare.url);
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await client.get('/api/published/nobody-here')).status);
    expect(answers).toEqual([404, 404, 404, 429]);
    const limited = await client.get('/api/published/nobody-here');
    expect(await limited.json()).toEqual({ code: 'rate_limited', message: 'Too many requests. Please try again later.' });
    for (let i = 0; i < 3; i++) await client.get('/published/plain-page');
    expect((await client.get('/published/plain-page')).status).toBe(429);
  });
});
