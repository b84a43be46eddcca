import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageFromLocale, type Language } from '../../contract/language-codes.ts';
import { landingFile } from '../../contract/page-preloads.ts';
import { SESSION_COOKIE } from './session-cookie.ts';
import { appPageSender } from './page-preloads.ts';

/** The build's files that are not in assets/ yet change with each version (vite.config.ts's VitePWA). */
const NAMES_KEPT_ACROSS_VERSIONS = new Set(['sw.js', 'manifest.webmanifest']);

/** The visitor's first language as the browser states it (what the client would pick too). */
function requestLanguage(request: FastifyRequest): Language {
  return languageFromLocale(request.headers['accept-language']?.split(',')[0]?.trim());
}

/**
 * Serves the built client; every non-API path gets index.html so the client's router
 * decides. The front door without a session cookie gets the landing page already rendered
 * (its text shows before any script runs). Build output comes precompressed (.br, .gz
 * beside each file): sent in the encoding the browser accepts, with Vary: Accept-Encoding.
 * The app's page names the scripts, words and first reads of the page asked for, so they
 * come with it (page-preloads.ts). Unknown /api paths are JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const hasClient = clientDir !== undefined && existsSync(path.join(clientDir, 'index.html'));
  const hasLanding = hasClient && existsSync(path.join(clientDir, landingFile('en'))) && existsSync(path.join(clientDir, landingFile('fi')));
  const sendAppPage = hasClient ? appPageSender(clientDir) : null;
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      serve: false,
      index: false,
      preCompressed: true,
      // Vite puts a content hash in every asset name, so assets never change under one
      // name; the pages that name them must be asked for again each time.
      setHeaders(res, filePath) {
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        // The service worker and the manifest keep their names across versions: asked for again each time, so an update is seen.
        else if (name.endsWith('.html') || NAMES_KEPT_ACROSS_VERSIONS.has(name)) res.header('cache-control', 'no-cache');
        if (name.endsWith('.webmanifest')) res.header('content-type', 'application/manifest+json; charset=utf-8');
      },
    });
    serveBuiltFiles(app, clientDir);
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/ws/') || request.method !== 'GET' || !hasClient) {
      return reply.status(404).send({ message: 'Not found', code: 'not_found' });
    }
    // Someone with a session goes to the app; only a visitor gets the rendered landing page.
    const signedIn = Boolean(request.cookies?.[SESSION_COOKIE]);
    const landing = hasLanding && url === '/' && !signedIn;
    reply.header('cache-control', 'no-cache');
    if (!landing && sendAppPage) return sendAppPage(request, reply, { pathname: url, search: request.url.slice(url.length), language: requestLanguage(request), signedIn });
    if (hasLanding && url === '/') reply.header('vary', 'cookie, accept-language');
    return reply.sendFile(landing ? landingFile(requestLanguage(request)) : 'index.html');
  });
}

/**
 * The files of the build as they were at start, each sent as it is asked for; any other
 * path goes on to the page fallback. One route for them all: @fastify/static's own list of
 * files (`wildcard: false`) is a GET and a HEAD route per file, about 940 for the build's
 * 470 files with their .br and .gz, and building them took about 150 ms of every start
 * (decision 024). Its `wildcard: true` serves files added later too, but reads the folders
 * of each path to check its spelling at every request.
 */
function serveBuiltFiles(app: FastifyInstance, clientDir: string): void {
  const files = new Set(
    readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      // No hidden files, as @fastify/static's list had none.
      .filter((file) => !file.split('/').some((part) => part.startsWith('.'))),
  );
  app.route({
    method: ['HEAD', 'GET'],
    url: '/*',
    schema: { hide: true },
    handler(request, reply) {
      const file = (request.params as { '*': string })['*'];
      return files.has(file) ? reply.sendFile(`/${file}`) : reply.callNotFound();
    },
    // As @fastify/static's routes: a download the browser gave up on is no error to answer.
    errorHandler(error, request, reply) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
        request.raw.destroy();
        return;
      }
      return app.errorHandler(error, request, reply);
    },
  });
}
