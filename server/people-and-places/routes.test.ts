import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { expect, it } from 'vitest';
import { type RouteEntry, recordRoutes } from '../access/route-table.ts';
import type { Database } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import type { BlobStore } from '../storage/index.ts';
import { peopleAndPlacesRoutes } from './routes.ts';

// People and places are one folder with one route builder taking the kind: both kinds get
// the same endpoints (spec 7.9, 7.10), each written once, and what differs between them
// lives in kinds.ts.

async function routeTable(): Promise<RouteEntry[]> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const table: RouteEntry[] = [];
  recordRoutes(app, table, 'signedIn');
  // Registering reads neither: the handlers are not called.
  await app.register(peopleAndPlacesRoutes, { db: {} as Database, queue: {} as Queue, store: {} as BlobStore });
  await app.close();
  return table;
}

/** Each kind's endpoints, as the spec lists them: method, path, and what the route does to the record its path names. */
function endpoints(base: string, kind: string, linkParam: string) {
  return [
    ['GET', base, undefined],
    ['GET', `${base}/unlinked-labels`, undefined],
    ['POST', base, undefined],
    ['GET', `${base}/:id`, `${kind} read`],
    ['PUT', `${base}/:id`, `${kind} update`],
    ['PATCH', `${base}/:id`, `${kind} update`],
    ['DELETE', `${base}/:id`, `${kind} delete`],
    ['GET', `${base}/:id/linked-labels`, `${kind} read`],
    ['POST', `${base}/:${linkParam}/link-labels`, `${kind} update`],
    ['POST', `${base}/:id/refresh-info`, `${kind} update`],
  ];
}

it('serves people and places the same endpoints, each naming its own kind of record', async () => {
  const table = await routeTable();
  const seen = table
    .filter((route) => route.method !== 'HEAD')
    .map((route) => [route.method, route.url, route.resource && `${route.resource.kind} ${route.resource.action}`]);
  const sorted = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row)).sort();
  expect(sorted(seen)).toEqual(sorted([...endpoints('/api/people', 'person', 'personId'), ...endpoints('/api/places', 'place', 'placeId')]));
});

const SERVER = path.resolve(import.meta.dirname, '..');
const FOLDER = import.meta.dirname;
const TABLES = /import\s*\{[^}]*\b(people|places|personLabels|placeLabels|recordingPeople|recordingPlaces)\b[^}]*\}\s*from\s*'\.\.\/db\/schema\.ts'/;

it('keeps people, places and their enrichment in one folder, the kinds described only in kinds.ts', () => {
  for (const old of ['people', 'places', 'enrichment']) expect(existsSync(path.join(SERVER, old)), `server/${old}/`).toBe(false);
  const naming = readdirSync(FOLDER)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => TABLES.test(readFileSync(path.join(FOLDER, file), 'utf8')));
  expect(naming).toEqual(['kinds.ts']);
});
