import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageFromLocale, type Language } from '../../contract/language-codes.ts';
import { SESSION_COOKIE } from '../auth/sessions.ts';

/** The landing page rendered at build for each language (scripts/build/light-client.ts writes them). */
const landingFile = (language: Language) => `landing.${language}.html`;

/** The visitor's first language as the browser states it (what the client would pick too). */
function requestLanguage(request: FastifyRequest): Language {
  return languageFromLocale(request.headers['accept-language']?.split(',')[0]?.trim());
}

/**
 * Serves the built client; every non-API path gets index.html so the client's router
 * decides. The front door without a session cookie gets the landing page already rendered
 * (its text shows before any script runs). Build output comes precompressed (.br, .gz
 * beside each file): sent in the encoding the browser accepts, with Vary: Accept-Encoding.
 * Unknown /api paths are JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const hasClient = clientDir !== undefined && existsSync(path.join(clientDir, 'index.html'));
  const hasLanding = hasClient && existsSync(path.join(clientDir, landingFile('en'))) && existsSync(path.join(clientDir, landingFile('fi')));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Vite puts a content hash in every asset name, so assets never change under one
      // name; the pages that name them must be asked for again each time.
      setHeaders(res, filePath) {
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (name.endsWith('.html')) res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/ws/') || request.method !== 'GET' || !hasClient) {
      return reply.status(404).send({ message: 'Not found', code: 'not_found' });
    }
    // Someone with a session goes to the app; only a visitor gets the rendered landing page.
    const page = hasLanding && url === '/' && !request.cookies?.[SESSION_COOKIE] ? landingFile(requestLanguage(request)) : 'index.html';
    if (hasLanding && url === '/') reply.header('vary', 'cookie, accept-language');
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
}
