import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { languageQuery } from '../../contract/languages.ts';
import { linkLabelsSchema } from '../../contract/people-places.ts';
import { pathResource } from '../access/path-resource.ts';
import { signedInActor } from '../access/signed-in-scope.ts';
import { currentUser } from '../auth/authenticate.ts';
import { chosenPhoto } from '../photos/cover.ts';
import type { Database } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import type { BlobStore } from '../storage/index.ts';
import { KINDS, RECORD_KINDS, type RecordKind } from './kinds.ts';
import { linkLabels, unlinkedLabels } from './labels.ts';
import { listRecords, recordDetail } from './queries.ts';
import { createRecord, deleteRecord, updateRecord } from './record-changes.ts';
import { requestInfoRefresh } from './refresh-info.ts';

interface Deps {
  db: Database;
  queue: Queue;
  /** Where a deleted record's photos are removed from. */
  store: BlobStore;
}

/**
 * People (spec 7.9) under /api/people and places (spec 7.10) under /api/places: the same
 * endpoints, written once. A record's recordings (their upload and list) live with the
 * recordings, the stories that mention it with the stories, whose cards they are. A userId in
 * a body is accepted and ignored: the owner is the signed-in user.
 */
export async function peopleAndPlacesRoutes(app: FastifyInstance, deps: Deps) {
  for (const kind of RECORD_KINDS) recordRoutes(app, deps, kind);
}

function recordRoutes(app: FastifyInstance, { db, queue, store }: Deps, kind: RecordKind) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { path, linkParam, createBody, updateBody } = KINDS[kind];
  const base = `/api/${path}`;
  const toRead = pathResource(kind, 'read');
  const toChange = pathResource(kind, 'update');
  const toDelete = pathResource(kind, 'delete');
  const toLink = pathResource(kind, 'update', linkParam);

  api.get(base, { schema: { querystring: languageQuery } }, async (request) => listRecords(db, kind, currentUser(request).id));

  api.get(`${base}/unlinked-labels`, { schema: { querystring: languageQuery } }, async (request) =>
    unlinkedLabels(db, kind, currentUser(request).id),
  );

  api.post(base, { schema: { body: createBody } }, async (request, reply) => {
    const userId = currentUser(request).id;
    const id = await createRecord(db, kind, userId, request.body);
    return reply.status(201).send(await recordDetail(db, kind, id, userId));
  });

  api.get(`${base}/:id`, { config: toRead.config }, async (request) => {
    const record = toRead.of(request);
    return recordDetail(db, kind, record.id, record.userId);
  });

  // PUT from the detail screen, PATCH from the list (with userId): one reading; blank place fields are omitted.
  for (const method of ['PUT', 'PATCH'] as const) {
    api.route({
      method,
      url: `${base}/:id`,
      config: toChange.config,
      schema: { body: updateBody },
      handler: async (request) => {
        const record = toChange.of(request);
        const fields = { ...request.body };
        // A portrait is one of the owner's photos, checked by the access layer (another's is its 404).
        if ('portraitPhotoId' in fields && fields.portraitPhotoId !== undefined) {
          fields.portraitPhotoId = await chosenPhoto(db, signedInActor(request), fields.portraitPhotoId);
        }
        await updateRecord(db, kind, record, fields);
        return recordDetail(db, kind, record.id, record.userId);
      },
    });
  }

  api.delete(`${base}/:id`, { config: toDelete.config }, async (request, reply) => {
    await deleteRecord(db, store, kind, toDelete.of(request));
    return reply.status(204).send();
  });

  api.get(`${base}/:id/linked-labels`, { config: toRead.config }, async (request) => {
    const record = toRead.of(request);
    return (await recordDetail(db, kind, record.id, record.userId)).linkedLabels;
  });

  api.post(`${base}/:${linkParam}/link-labels`, { config: toLink.config, schema: { body: linkLabelsSchema } }, async (request) => {
    const record = toLink.of(request);
    await linkLabels(db, kind, record, request.body.labels);
    return recordDetail(db, kind, record.id, record.userId);
  });

  // Information gathered from recordings: 202 while the job runs.
  api.post(`${base}/:id/refresh-info`, { config: toChange.config }, async (request, reply) =>
    reply.status(202).send(await requestInfoRefresh(db, queue, kind, toChange.of(request))),
  );
}
