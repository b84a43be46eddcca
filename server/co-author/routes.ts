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
import { addContribution, coAuthorView, deleteContribution, nameRequired } from './contributions.ts';

// A contribution is removed by its contributor (the policy: same link, same browser).
const contributionToDelete = pathResource('recording', 'delete');
/** DELETE's body: the name the recording was made under (spec 7.7); anything else is the catalogue's name_required. */
const deleteBody = z.object({ contributorName: contributorNameSchema });

/**
 * The co-author page's calls (spec 7.7), registered in the link scope
 * (server/access/link-scope.ts): the link is the credential, its holder the actor.
 */
export async function coAuthorRoutes(app: FastifyInstance, deps: { config: Config; db: Database; store: BlobStore; queue: Queue; quotas: UploadQuotas }) {
  const { config, db, store } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reading = { rateLimit: perAddress(config.publicRateLimit) };
  const contributing = { rateLimit: perAddress(config.contributionRateLimit) };

  api.get('/api/co-author/:token', { config: reading }, async (request, reply) => {
    const view = await coAuthorView(db, linkActor(request));
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
}
