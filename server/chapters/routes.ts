import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chapterCreateSchema, chapterUpdateSchema } from '../../contract/chapters.ts';
import { languageQuery, toLanguage } from '../../contract/languages.ts';
import { pathResource } from '../access/path-resource.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import { createChapter, deleteChapter, updateChapter } from './chapter-changes.ts';
import { chapterDetail, listChapters, storiesOfChapter } from './queries.ts';

// No language lists every chapter; one we do not speak falls back to English (spec 9.6).

const chapterToRead = pathResource('chapter', 'read');
const chapterToChange = pathResource('chapter', 'update');
const chapterToDelete = pathResource('chapter', 'delete');

/**
 * Chapters (spec 7.8). Stories are put in a chapter with PATCH /api/stories/{id}/chapter
 * (server/stories). A userId in a body is accepted and ignored: the owner is the signed-in user.
 */
export async function chapterRoutes(app: FastifyInstance, deps: { db: Database; queue: Queue }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get('/api/chapters', { schema: { querystring: languageQuery } }, async (request) =>
    listChapters(db, currentUser(request).id, request.query.language),
  );

  api.post('/api/chapters', { schema: { body: chapterCreateSchema } }, async (request, reply) => {
    const user = currentUser(request);
    const fields = request.body;
    // No language sent: the user's own.
    const id = await createChapter(db, user.id, { ...fields, language: fields.language ?? toLanguage(user.languagePreference) });
    return reply.status(201).send(await chapterDetail(db, id));
  });

  // Not in the spec's list: the chapter view reads its chapter even when it is in another language.
  api.get('/api/chapters/:id', { config: chapterToRead.config }, async (request) => chapterDetail(db, chapterToRead.of(request).id));

  api.patch('/api/chapters/:id', { config: chapterToChange.config, schema: { body: chapterUpdateSchema } }, async (request) => {
    const chapter = chapterToChange.of(request);
    await updateChapter(db, chapter, request.body);
    return chapterDetail(db, chapter.id);
  });

  api.delete('/api/chapters/:id', { config: chapterToDelete.config }, async (request, reply) => {
    await deleteChapter(db, chapterToDelete.of(request));
    return reply.status(204).send();
  });

  api.get('/api/chapters/:id/stories', { config: chapterToRead.config }, async (request) =>
    storiesOfChapter(db, chapterToRead.of(request)),
  );
}
