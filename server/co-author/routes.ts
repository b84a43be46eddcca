import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contributorNameSchema } from '../../contract/co-author.ts';
import { linkActor } from '../access/link-scope.ts';
import { pathResource } from '../access/path-resource.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { perAddress } from '../http/rate-limit/index.ts';
import type { Queue } from '../jobs/queue.ts';
import type { UploadQuotas } from '../recordings/upload-quota.ts';
import type { BlobStore } from '../storage/index.ts';
import type { PhotoQuotas } from '../photos/photo-quota.ts';
import { sendPhotoCopy, servedSizeQuery } from '../photos/served-copies.ts';
import { addContribution, coAuthorView, deleteContribution, nameRequired } from './contributions.ts';
import { addCoAuthorPhotos, deleteCoAuthorPhoto, photoNameRequired } from './photos.ts';
import { linkTokenOf } from './link-actor.ts';

// A contribution is removed by its contributor (the policy: same link, same browser).
const contributionToDelete = pathResource('recording', 'delete');
// The story's photos (the policy: its own, not its recordings'); a relative's removed like their recordings.
const photoToRead = pathResource('photo', 'read');
const photoToDelete = pathResource('photo', 'delete');
/** A link's photo changes with its link: every read asks again (a revoked link stops at once), a 304 when unchanged. */
const LINK_PHOTO_CACHE_CONTROL = 'private, no-cache';
/** DELETE's body: the name the recording was made under (spec 7.7); anything else is the catalogue's name_required. */
const deleteBody = z.object({ contributorName: contributorNameSchema });

/**
 * The co-author page's calls (spec 7.7), registered in the link scope
 * (server/access/link-scope.ts): the link is the credential, its holder the actor.
 */
export async function coAuthorRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Database; store: BlobStore; queue: Queue; quotas: UploadQuotas; photoQuotas: PhotoQuotas },
) {
  const { config, db, store } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reading = { rateLimit: perAddress(config.publicRateLimit) };
  const contributing = { rateLimit: perAddress(config.contributionRateLimit) };

  api.get('/api/co-author/:token', { config: reading }, async (request, reply) => {
    const view = await coAuthorView(db, linkActor(request), linkTokenOf(request));
    // Whose contributions are "mine" depends on the browser's key: never from a cache.
    return reply.header('cache-control', 'no-store').send(view);
  });

  api.post('/api/co-author/:token/recordings', { config: contributing }, async (request, reply) =>
    reply.status(201).header('cache-control', 'no-store').send(await addContribution(deps, linkActor(request), request, reply)),
  );

  api.delete(
    '/api/co-author/:token/recordings/:id',
    {
      config: { ...contributing, ...contributionToDelete.config },
      schema: { body: deleteBody },
      schemaErrorFormatter: () => nameRequired('delete'),
    },
    async (request, reply) => {
      await deleteContribution(db, store, contributionToDelete.of(request), request.body.contributorName);
      return reply.status(204).send();
    },
  );

  // Photos (issue 27): a relative sees the story's, adds their own, deletes those from this browser.
  api.post('/api/co-author/:token/photos', { config: contributing }, async (request, reply) =>
    reply
      .status(201)
      .header('cache-control', 'no-store')
      .send(await addCoAuthorPhotos(deps, linkActor(request), linkTokenOf(request), request, reply)),
  );

  api.get(
    '/api/co-author/:token/photos/:id',
    { config: { ...reading, ...photoToRead.config }, schema: { querystring: servedSizeQuery } },
    async (request, reply) => sendPhotoCopy(request, reply, store, photoToRead.of(request), request.query.size, LINK_PHOTO_CACHE_CONTROL),
  );

  api.delete(
    '/api/co-author/:token/photos/:id',
    {
      config: { ...contributing, ...photoToDelete.config },
      schema: { body: deleteBody },
      schemaErrorFormatter: () => photoNameRequired('delete'),
    },
    async (request, reply) => {
      await deleteCoAuthorPhoto(db, store, photoToDelete.of(request), request.body.contributorName);
      return reply.status(204).send();
    },
  );
}
