import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerQuestionSchema, unansweredQuerySchema } from '../../contract/follow-ups.ts';
import { load } from '../access/loaders.ts';
import { pathResource } from '../access/path-resource.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import { questionRefreshState, questionsOfStory, unansweredQuestions } from './queries.ts';
import { answerQuestion, deleteQuestion, requestNewQuestions } from './question-changes.ts';

const storyToRead = pathResource('story', 'read');
const storyToChange = pathResource('story', 'update');
const questionToAnswer = pathResource('followUpQuestion', 'update');
const questionToDelete = pathResource('followUpQuestion', 'delete');

/** Follow-up questions (spec 7.5). A userId in a body is accepted and ignored. */
export async function followUpRoutes(app: FastifyInstance, deps: { db: Database; queue: Queue }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, queue } = deps;

  api.get('/api/stories/:id/follow-up-questions', { config: storyToRead.config }, async (request) =>
    questionsOfStory(db, storyToRead.of(request).id),
  );

  api.get('/api/follow-up-questions/unanswered', { schema: { querystring: unansweredQuerySchema } }, async (request) =>
    unansweredQuestions(db, currentUser(request).id, request.query.language),
  );

  api.post('/api/follow-up-questions/:id/answer', { config: questionToAnswer.config, schema: { body: answerQuestionSchema } }, async (request) => {
    const question = questionToAnswer.of(request);
    // The answering story is the body's: someone else's is a 404 like a missing one.
    const story = await load(db, request.actor, 'story', request.body.answerStoryId, 'update');
    return answerQuestion(db, question, story);
  });

  api.delete('/api/follow-up-questions/:id', { config: questionToDelete.config }, async (request, reply) => {
    await deleteQuestion(db, questionToDelete.of(request));
    return reply.status(204).send();
  });

  api.post('/api/stories/:id/regenerate-follow-up-questions', { config: storyToChange.config }, async (request, reply) => {
    const result = await requestNewQuestions(db, queue, storyToChange.of(request));
    return reply.status('upToDate' in result ? 200 : 202).send(result);
  });

  api.get('/api/stories/:id/follow-up-questions/refresh', { config: storyToRead.config }, async (request) =>
    questionRefreshState(storyToRead.of(request)),
  );
}
