import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built client; every non-API path gets index.html so the client's router
 * decides. Unknown /api paths are JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, clientDir: string | undefined): Promise<void> {
  const hasClient = clientDir !== undefined && existsSync(path.join(clientDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // Vite puts a content hash in every asset name, so assets never change under one
      // name; the page that names them must be asked for again each time.
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.basename(filePath) === 'index.html') res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/ws/') || request.method !== 'GET' || !hasClient) {
      return reply.status(404).send({ message: 'Not found', code: 'not_found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
