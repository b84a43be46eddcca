import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chapterLinkSchema, regenerateSchema, reorderSchema, storyListQuerySchema, storyPatchSchema } from '../../contract/library.ts';
import { pageQuerySchema } from '../../contract/pagination.ts';
import { pathResource } from '../access/path-resource.ts';
import { signedInActor } from '../access/signed-in-scope.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import type { BlobStore } from '../storage/index.ts';
import { sendPage } from '../http/pagination.ts';
import { KINDS, RECORD_KINDS } from '../people-and-places/kinds.ts';
import { temporalColumnsOrBadRequest } from '../temporal/http.ts';
import { temporalContextBody } from '../temporal/temporal-context.ts';
import { chosenPhoto } from '../photos/cover.ts';
import { storyForReader } from './reading-shape.ts';
import { presentStoryWithCover } from './presenter.ts';
import { storiesMentioning } from './mentioning.ts';
import { listStories, storyCounts, storyWithRecordings } from './queries.ts';
import { regenerateStory } from './regenerate-story.ts';
import { deleteStory, editStory, moveStoryToChapter, reorderRecordings, setStoryTime } from './story-changes.ts';

const storyToRead = pathResource('story', 'read');
/** The one story read a family reader makes too: answered in the reading shape (reading-shape.ts). */
const storyToReadAlsoByReaders = pathResource('story', 'read', 'id', { readers: true });
const storyToChange = pathResource('story', 'update');
const storyToDelete = pathResource('story', 'delete');

export interface StoryRouteDependencies {
  db: Database;
  store: BlobStore;
  queue: Queue;
}

/** Stories (spec 7.4): the library lists, one story, its edits, regeneration, order, deletion. */
export async function storyRoutes(app: FastifyInstance, deps: StoryRouteDependencies) {
  const { db, store, queue } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // A page of the library (decision 023); /unassigned is the spec's name for filter=unassigned.
  api.get('/api/stories', { schema: { querystring: storyListQuerySchema } }, async (request, reply) =>
    sendPage(request, reply, await listStories(db, currentUser(request).id, request.query, request.query.filter)),
  );

  api.get('/api/stories/unassigned', { schema: { querystring: storyListQuerySchema.omit({ filter: true }) } }, async (request, reply) =>
    sendPage(request, reply, await listStories(db, currentUser(request).id, request.query, 'unassigned')),
  );

  api.get('/api/stories/counts', async (request) => storyCounts(db, currentUser(request).id));

  // The stories that mention a person or place, a page at a time (its detail screen lists them).
  for (const kind of RECORD_KINDS) {
    const recordToRead = pathResource(kind, 'read');
    api.get(`/api/${KINDS[kind].path}/:id/stories`, { config: recordToRead.config, schema: { querystring: pageQuerySchema } }, async (request, reply) =>
      sendPage(request, reply, await storiesMentioning(db, kind, recordToRead.of(request), request.query)),
    );
  }

  api.get('/api/stories/:id', { config: storyToReadAlsoByReaders.config }, async (request) => {
    const story = storyToReadAlsoByReaders.of(request);
    return request.actor.kind === 'familyReader' ? storyForReader(db, request.actor, story) : presentStoryWithCover(db, story);
  });

  api.get('/api/stories/:id/with-recordings', { config: storyToRead.config }, async (request) =>
    storyWithRecordings(db, storyToRead.of(request)),
  );

  api.patch('/api/stories/:id', { config: storyToChange.config, schema: { body: storyPatchSchema } }, async (request) => {
    const { body } = request;
    // A cover is one of the owner's photos, checked by the access layer (another's is its 404).
    const patch = 'coverPhotoId' in body ? { coverPhotoId: await chosenPhoto(db, signedInActor(request), body.coverPhotoId) } : body;
    return presentStoryWithCover(db, await editStory(db, storyToChange.of(request), patch));
  });

  api.put('/api/stories/:id/temporal-context', { config: storyToChange.config, schema: { body: temporalContextBody } }, async (request) =>
    presentStoryWithCover(db, await setStoryTime(db, storyToChange.of(request), temporalColumnsOrBadRequest(request.body))),
  );

  api.patch('/api/stories/:id/chapter', { config: storyToChange.config, schema: { body: chapterLinkSchema } }, async (request) =>
    presentStoryWithCover(db, await moveStoryToChapter(db, signedInActor(request), storyToChange.of(request), request.body.chapterId)),
  );

  api.post('/api/stories/:id/regenerate', { config: storyToChange.config, schema: { body: regenerateSchema } }, async (request) =>
    presentStoryWithCover(db, await regenerateStory(db, queue, storyToChange.of(request), request.body)),
  );

  api.patch('/api/stories/:id/recordings/reorder', { config: storyToChange.config, schema: { body: reorderSchema } }, async (request) => {
    const story = storyToChange.of(request);
    await reorderRecordings(db, story, request.body.recordingIds);
    return storyWithRecordings(db, story);
  });

  api.delete('/api/stories/:id', { config: storyToDelete.config }, async (request, reply) => {
    await deleteStory(db, store, storyToDelete.of(request));
    return reply.status(204).send();
  });
}
