import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { firstReadsFor, SESSION_CHECK_URL } from '../../contract/early-reads.ts';
import type { Language } from '../../contract/language-codes.ts';
import { STORY_FILTERS } from '../../contract/library.ts';
import { modulePreloadLinks, PAGE_PRELOADS_FILE, runOnArrivalScripts, type PagePreloads } from '../../contract/page-preloads.ts';

/** What a page's HTML is asked for with: its address, and what is known of its reader. */
export interface PageRequest {
  pathname: string;
  search: string;
  /** The browser's language (the words the client will load first, unless this device chose another). */
  language: Language;
  /** A session cookie came along: the page's first reads will be answered, not refused. */
  signedIn: boolean;
}

function routeMatches(route: string, pathname: string): boolean {
  const want = route.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (pathname === '/' || route === '/') return pathname === route;
  return want.length === have.length && want.every((segment, n) => segment.startsWith(':') || segment === have[n]);
}

/** The library's filter from the address, if it is one the API knows (nothing else is named in a page). */
function knownReads(pathname: string, search: string): string[] {
  const filter = new URLSearchParams(search).get('filter');
  if (filter !== null && !(STORY_FILTERS as readonly string[]).includes(filter)) return [];
  return firstReadsFor(pathname, search);
}

/**
 * The `<link>`s that let the browser ask for a page's scripts, its words and its first
 * reads with the page itself, not after the first script has run (on a phone a second
 * later, and each hop after it another round trip).
 */
export function preloadLinks(preloads: PagePreloads): (page: PageRequest) => string {
  return ({ pathname, search, language, signedIn }) => {
    const page = preloads.pages.find(([route]) => routeMatches(route, pathname))?.[1] ?? [];
    // Reads with credentials, as the client's fetch makes them, so it takes these answers.
    const reads = signedIn ? [SESSION_CHECK_URL, ...knownReads(pathname, search)] : [];
    return (
      runOnArrivalScripts(preloads.runOnArrival) +
      reads.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`).join('') +
      modulePreloadLinks([...preloads.app, ...page, ...preloads.words[language]])
    );
  };
}

/** The encoding to send a page in: brotli, else gzip, else none (q=0 refuses one). */
function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.split(';').map((piece) => piece.trim()))
      .filter(([, q]) => !/^q=0(\.0*)?$/.test(q ?? ''))
      .map(([name]) => name),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

/** Compressed pages kept: far more than the kinds there are (route, language, signed in, filter). */
const KEPT_PAGES = 500;

/**
 * Sends the app's page (index.html) with its preload links, compressed as the browser
 * accepts; each kind of page is compressed once. The build's index.html and
 * PAGE_PRELOADS_FILE are read once, here; null when the build has no such list (the page
 * then goes as it is).
 */
export function appPageSender(clientDir: string): ((request: FastifyRequest, reply: FastifyReply, page: PageRequest) => FastifyReply) | null {
  const file = path.join(clientDir, PAGE_PRELOADS_FILE);
  if (!existsSync(file)) return null;
  const linksFor = preloadLinks(JSON.parse(readFileSync(file, 'utf8')) as PagePreloads);
  const shell = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const compressed = new Map<string, Buffer>();
  return (request, reply, page) => {
    const html = shell.replace('</head>', () => `${linksFor(page)}</head>`);
    const encoding = pageEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding, cookie, accept-language').type('text/html; charset=utf-8');
    if (!encoding) return reply.send(html);
    const key = `${encoding} ${html}`;
    let body = compressed.get(key);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(html) : gzipSync(html);
      if (compressed.size < KEPT_PAGES) compressed.set(key, body);
    }
    return reply.header('content-encoding', encoding).send(body);
  };
}
