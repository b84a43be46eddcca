import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEFAULT_LANGUAGE, languageQuery } from '../../contract/languages.ts';
import { pathResource } from '../access/path-resource.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import { interviewAnswers } from './answers.ts';
import { lifeGapsWithQuestions } from './gap-questions.ts';
import { photoPrompt, photosWithoutStory } from './photo-prompts.ts';

const photoToTellAbout = pathResource('photo', 'read');

/** The interviewer (spec 2): which of its questions the user's stories answer, the untold parts of their life, and their photos with no story yet. */
export async function interviewerRoutes(app: FastifyInstance, deps: { db: Database; queue: Queue }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/interviewer/answers', async (request) => interviewAnswers(deps.db, currentUser(request).id));
  api.get('/api/interviewer/gaps', { schema: { querystring: languageQuery } }, async (request) =>
    lifeGapsWithQuestions(deps.db, deps.queue, currentUser(request).id, request.query.language ?? DEFAULT_LANGUAGE),
  );
  api.get('/api/interviewer/photo-prompts', async (request) => photosWithoutStory(deps.db, currentUser(request).id));
  // The one photo the recorder or a conversation opens with (another user's: 404).
  api.get('/api/interviewer/photo-prompts/:id', { config: photoToTellAbout.config }, async (request) => photoPrompt(photoToTellAbout.of(request)));
}
