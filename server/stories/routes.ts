import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { chapterLinkSchema, regenerateSchema, reorderSchema, storyPatchSchema } from '../../contract/library.ts';
import { languageSchema } from '../../contract/languages.ts';
import { requireUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { chapters, stories } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Queue } from '../jobs/queue.ts';
import { ownedStory } from '../owned.ts';
import { enqueueStoryWriting } from '../pipeline/queues.ts';
import type { BlobStore } from '../storage/index.ts';
import { temporalColumnsOrBadRequest } from '../temporal/http.ts';
import { temporalContextBody } from '../temporal/temporal-context.ts';
import { presentStory } from './presenter.ts';
import { listStories, storyWithRecordings } from './queries.ts';
import { deleteStory, reorderRecordings } from './story-changes.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const languageQuery = z.object({ language: languageSchema.optional().catch(undefined) });

export interface StoryRouteDependencies {
  db: Database;
  store: BlobStore;
  queue: Queue;
}

/** Stories (spec 7.4): the library lists, one story, its edits, regeneration, order, deletion. */
export async function storyRoutes(app: FastifyInstance, deps: StoryRouteDependencies) {
  const { db, store, queue } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The language is accepted for the spec's clients; every story is listed whatever its language.
  api.get('/api/stories', { schema: { querystring: languageQuery } }, async (request) => {
    const user = requireUser(request);
    return listStories(db, user.id);
  });

  api.get('/api/stories/unassigned', { schema: { querystring: languageQuery } }, async (request) => {
    const user = requireUser(request);
    return listStories(db, user.id, { unassigned: true });
  });

  api.get('/api/stories/:id', { schema: { params: idParams } }, async (request) => {
    const user = requireUser(request);
    return presentStory(await ownedStory(db, user.id, request.params.id));
  });

  api.get('/api/stories/:id/with-recordings', { schema: { params: idParams } }, async (request) => {
    const user = requireUser(request);
    return storyWithRecordings(db, await ownedStory(db, user.id, request.params.id));
  });

  api.patch('/api/stories/:id', { schema: { params: idParams, body: storyPatchSchema } }, async (request) => {
    const user = requireUser(request);
    const story = await ownedStory(db, user.id, request.params.id);
    const [updated] = await db
      .update(stories)
      .set({ ...request.body, updatedAt: new Date() })
      .where(eq(stories.id, story.id))
      .returning();
    return presentStory(updated);
  });

  api.put('/api/stories/:id/temporal-context', { schema: { params: idParams, body: temporalContextBody } }, async (request) => {
    const user = requireUser(request);
    const story = await ownedStory(db, user.id, request.params.id);
    const [updated] = await db
      .update(stories)
      .set({ ...temporalColumnsOrBadRequest(request.body), updatedAt: new Date() })
      .where(eq(stories.id, story.id))
      .returning();
    return presentStory(updated);
  });

  api.patch('/api/stories/:id/chapter', { schema: { params: idParams, body: chapterLinkSchema } }, async (request) => {
    const user = requireUser(request);
    const story = await ownedStory(db, user.id, request.params.id);
    const { chapterId } = request.body;
    if (chapterId !== null) {
      const [chapter] = await db
        .select({ id: chapters.id })
        .from(chapters)
        .where(and(eq(chapters.id, chapterId), eq(chapters.userId, user.id)));
      if (!chapter) throw notFound('Chapter not found');
    }
    const [updated] = await db
      .update(stories)
      .set({ chapterId, updatedAt: new Date() })
      .where(eq(stories.id, story.id))
      .returning();
    return presentStory(updated);
  });

  api.post('/api/stories/:id/regenerate', { schema: { params: idParams, body: regenerateSchema } }, async (request) => {
    const user = requireUser(request);
    const story = await ownedStory(db, user.id, request.params.id);
    if (story.processingStatus === 'processing') throw new HttpError(409, 'busy', 'The story is being written already');
    const { style, pointOfView, language } = request.body;
    const [updated] = await db
      .update(stories)
      .set({
        storyStyle: style,
        pointOfView: pointOfView ?? story.pointOfView,
        language: language ?? story.language,
        processingStatus: 'processing',
        updatedAt: new Date(),
      })
      .where(eq(stories.id, story.id))
      .returning();
    await enqueueStoryWriting(queue, story.id, { regenerate: true });
    return presentStory(updated);
  });

  api.patch('/api/stories/:id/recordings/reorder', { schema: { params: idParams, body: reorderSchema } }, async (request) => {
    const user = requireUser(request);
    const story = await ownedStory(db, user.id, request.params.id);
    await reorderRecordings(db, story, request.body.recordingIds);
    return storyWithRecordings(db, story);
  });

  api.delete('/api/stories/:id', { schema: { params: idParams } }, async (request, reply) => {
    const user = requireUser(request);
    const story = await ownedStory(db, user.id, request.params.id);
    await deleteStory(db, store, story);
    return reply.status(204).send();
  });
}
