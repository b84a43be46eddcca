import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageSchema } from '../../contract/languages.ts';
import { pageQuerySchema } from '../../contract/pagination.ts';
import { linkLabelsSchema, personCreateSchema, personUpdateSchema } from '../../contract/people-places.ts';
import { pathResource } from '../access/path-resource.ts';
import { currentUser } from '../auth/authenticate.ts';
import { sendPage } from '../http/pagination.ts';
import type { Database } from '../db/client.ts';
import { linkLabels, recordingsOf, storiesMentioning, unlinkedLabels } from './named-records.ts';
import { createPerson, deletePerson, listPeople, personDetail, updatePerson } from './queries.ts';

const languageQuery = z.object({ language: languageSchema.optional().catch(undefined) });

const personToRead = pathResource('person', 'read');
const personToChange = pathResource('person', 'update');
const personToDelete = pathResource('person', 'delete');
const personToLink = pathResource('person', 'update', 'personId');

/**
 * People (spec 7.9). The recording upload and refresh-info live with the recordings and
 * the enrichment. A userId in a body is accepted and ignored: the owner is the signed-in user.
 */
export async function peopleRoutes(app: FastifyInstance, deps: { db: Database }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get('/api/people', { schema: { querystring: languageQuery } }, async (request) => listPeople(db, currentUser(request).id));

  api.get('/api/people/unlinked-labels', { schema: { querystring: languageQuery } }, async (request) =>
    unlinkedLabels(db, 'person', currentUser(request).id),
  );

  api.post('/api/people', { schema: { body: personCreateSchema } }, async (request, reply) => {
    const userId = currentUser(request).id;
    const { userId: _ignored, ...fields } = request.body;
    const id = await createPerson(db, userId, fields);
    return reply.status(201).send(await personDetail(db, id, userId));
  });

  api.get('/api/people/:id', { config: personToRead.config }, async (request) => {
    const person = personToRead.of(request);
    return personDetail(db, person.id, person.userId);
  });

  // PUT from the detail screen, PATCH from the list (with userId): one reading.
  for (const method of ['PUT', 'PATCH'] as const) {
    api.route({
      method,
      url: '/api/people/:id',
      config: personToChange.config,
      schema: { body: personUpdateSchema },
      handler: async (request) => {
        const person = personToChange.of(request);
        const { userId: _ignored, ...fields } = request.body;
        await updatePerson(db, person, fields);
        return personDetail(db, person.id, person.userId);
      },
    });
  }

  api.delete('/api/people/:id', { config: personToDelete.config }, async (request, reply) => {
    await deletePerson(db, personToDelete.of(request));
    return reply.status(204).send();
  });

  api.get('/api/people/:id/linked-labels', { config: personToRead.config }, async (request) => {
    const person = personToRead.of(request);
    return (await personDetail(db, person.id, person.userId)).linkedLabels;
  });

  api.get('/api/people/:id/recordings', { config: personToRead.config }, async (request) =>
    recordingsOf(db, 'person', personToRead.of(request).id),
  );

  // The stories that mention the person, a page at a time (the person's detail screen lists them).
  api.get('/api/people/:id/stories', { config: personToRead.config, schema: { querystring: pageQuerySchema } }, async (request, reply) =>
    sendPage(request, reply, await storiesMentioning(db, 'person', personToRead.of(request), request.query)),
  );

  api.post('/api/people/:personId/link-labels', { config: personToLink.config, schema: { body: linkLabelsSchema } }, async (request) => {
    const person = personToLink.of(request);
    await linkLabels(db, 'person', person, request.body.labels);
    return personDetail(db, person.id, person.userId);
  });
}
