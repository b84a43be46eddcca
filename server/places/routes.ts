import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageSchema } from '../../contract/languages.ts';
import { pageQuerySchema } from '../../contract/pagination.ts';
import { linkLabelsSchema, placeCreateSchema, placeUpdateSchema } from '../../contract/people-places.ts';
import { pathResource } from '../access/path-resource.ts';
import { currentUser } from '../auth/authenticate.ts';
import { sendPage } from '../http/pagination.ts';
import type { Database } from '../db/client.ts';
import { linkLabels, recordingsOf, storiesMentioning, unlinkedLabels } from '../people/named-records.ts';
import { createPlace, deletePlace, listPlaces, placeDetail, updatePlace } from './queries.ts';

const languageQuery = z.object({ language: languageSchema.optional().catch(undefined) });

const placeToRead = pathResource('place', 'read');
const placeToChange = pathResource('place', 'update');
const placeToDelete = pathResource('place', 'delete');
const placeToLink = pathResource('place', 'update', 'placeId');

/**
 * Places (spec 7.10). The recording upload and refresh-info live with the recordings and
 * the enrichment. A userId in a body is accepted and ignored: the owner is the signed-in user.
 */
export async function placeRoutes(app: FastifyInstance, deps: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get('/api/places', { schema: { querystring: languageQuery } }, async (request) => listPlaces(db, currentUser(request).id));

  api.get('/api/places/unlinked-labels', { schema: { querystring: languageQuery } }, async (request) =>
    unlinkedLabels(db, 'place', currentUser(request).id),
  );

  api.post('/api/places', { schema: { body: placeCreateSchema } }, async (request, reply) => {
    const userId = currentUser(request).id;
    const { userId: _ignored, ...fields } = request.body;
    const id = await createPlace(db, userId, fields);
    return reply.status(201).send(await placeDetail(db, id, userId));
  });

  api.get('/api/places/:id', { config: placeToRead.config }, async (request) => {
    const place = placeToRead.of(request);
    return placeDetail(db, place.id, place.userId);
  });

  // PUT from the detail screen, PATCH from the list (with userId): one reading; blank fields are omitted.
  for (const method of ['PUT', 'PATCH'] as const) {
    api.route({
      method,
      url: '/api/places/:id',
      config: placeToChange.config,
      schema: { body: placeUpdateSchema },
      handler: async (request) => {
        const place = placeToChange.of(request);
        const { userId: _ignored, ...fields } = request.body;
        await updatePlace(db, place, fields);
        return placeDetail(db, place.id, place.userId);
      },
    });
  }

  api.delete('/api/places/:id', { config: placeToDelete.config }, async (request, reply) => {
    await deletePlace(db, placeToDelete.of(request));
    return reply.status(204).send();
  });

  api.get('/api/places/:id/linked-labels', { config: placeToRead.config }, async (request) => {
    const place = placeToRead.of(request);
    return (await placeDetail(db, place.id, place.userId)).linkedLabels;
  });

  api.get('/api/places/:id/recordings', { config: placeToRead.config }, async (request) =>
    recordingsOf(db, 'place', placeToRead.of(request).id),
  );

  // The stories that mention the place, a page at a time (the place's detail screen lists them).
  api.get('/api/places/:id/stories', { config: placeToRead.config, schema: { querystring: pageQuerySchema } }, async (request, reply) =>
    sendPage(request, reply, await storiesMentioning(db, 'place', placeToRead.of(request), request.query)),
  );

  api.post('/api/places/:placeId/link-labels', { config: placeToLink.config, schema: { body: linkLabelsSchema } }, async (request) => {
    const place = placeToLink.of(request);
    await linkLabels(db, 'place', place, request.body.labels);
    return placeDetail(db, place.id, place.userId);
  });
}
