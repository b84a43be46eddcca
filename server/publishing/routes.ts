import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publishBodySchema, type PublishedStatus, type PublishResult } from '../../contract/publishing.ts';
import { pathResource } from '../access/path-resource.ts';
import type { Database } from '../db/client.ts';
import type { SiteOrigin } from '../http/site-origin.ts';
import type { Queue } from '../jobs/queue.ts';
import type { BlobStore } from '../storage/index.ts';
import { presentSummary } from './presenter.ts';
import { photosChangedSincePublishing } from './published-photos.ts';
import { publishedCopyOf, publishStory, unpublishStory } from './publish-story.ts';

// Publishing and its card are the owner's: `update` is what only the owner may do to a story.
const storyToPublish = pathResource('story', 'update');
const copyToDelete = pathResource('publishedStory', 'delete');

/** Publishing (spec 7.6): publish or publish again, the card's status, unpublish. */
export async function publishingRoutes(app: FastifyInstance, deps: { site: SiteOrigin; db: Database; queue: Queue; store: BlobStore }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { site, db, queue, store } = deps;

  api.post('/api/stories/:id/publish', { config: storyToPublish.config, schema: { body: publishBodySchema } }, async (request): Promise<PublishResult> => {
    const origin = site.forLinks(); // before publishing: a server that cannot give its address publishes nothing
    const { copy, story } = await publishStory(db, queue, store, storyToPublish.of(request), request.body);
    const publishedStory = presentSummary(copy, story, origin);
    return { url: publishedStory.publicUrl, publishedStory };
  });

  api.get('/api/stories/:id/published-status', { config: storyToPublish.config }, async (request): Promise<PublishedStatus> => {
    const story = storyToPublish.of(request);
    const copy = await publishedCopyOf(db, story.id);
    if (!copy) return { isPublished: false, publishedStory: null };
    return { isPublished: true, publishedStory: presentSummary(copy, story, site.forLinks(), await photosChangedSincePublishing(db, copy, story)) };
  });

  api.delete('/api/published-stories/:id', { config: copyToDelete.config }, async (request, reply) => {
    await unpublishStory(db, store, copyToDelete.of(request));
    return reply.status(204).send();
  });
}
