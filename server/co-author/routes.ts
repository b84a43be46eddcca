import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { perAddress } from '../http/rate-limit/index.ts';
import type { Queue } from '../jobs/queue.ts';
import type { UploadQuotas } from '../recordings/upload-quota.ts';
import type { BlobStore } from '../storage/index.ts';
import { addContribution, coAuthorView, contributorNameOrRefuse, deleteContribution } from './contributions.ts';
import { linkHolder, resolveLinkHolder } from './link-actor.ts';

/**
 * The co-author page's calls (spec 7.7), public: the link is the credential. Its holder is
 * resolved before the body is read (after the rate limit, so unknown links are counted too).
 */
export async function coAuthorRoutes(app: FastifyInstance, deps: { config: Config; db: Database; store: BlobStore; queue: Queue; quotas: UploadQuotas }) {
  const { config, db, store } = deps;
  const reading = { rateLimit: perAddress(config.publicRateLimit) };
  const contributing = { rateLimit: perAddress(config.contributionRateLimit) };
  app.addHook('preParsing', resolveLinkHolder(db));

  app.get('/api/co-author/:token', { config: reading }, async (request, reply) => {
    const view = await coAuthorView(db, linkHolder(request));
    // Whose contributions are "mine" depends on the browser's key: never from a cache.
    return reply.header('cache-control', 'no-store').send(view);
  });

  app.post('/api/co-author/:token/recordings', { config: contributing }, async (request, reply) =>
    reply.status(201).header('cache-control', 'no-store').send(await addContribution(deps, linkHolder(request), request, reply)),
  );

  app.delete('/api/co-author/:token/recordings/:id', { config: contributing }, async (request, reply) => {
    const name = contributorNameOrRefuse((request.body as { contributorName?: unknown } | undefined)?.contributorName, 'delete');
    await deleteContribution(db, store, linkHolder(request), (request.params as { id: string }).id, name);
    return reply.status(204).send();
  });
}
