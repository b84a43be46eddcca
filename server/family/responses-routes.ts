import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { familyCommentSchema, familyQuestionSchema, familyReactionSchema } from '../../contract/family.ts';
import { familyCircleQuerySchema } from '../../contract/family-reading.ts';
import { pathResource } from '../access/path-resource.ts';
import { signedInActor } from '../access/signed-in-scope.ts';
import type { Database } from '../db/client.ts';
import { perUser } from '../http/rate-limit/index.ts';
import type { Queue } from '../jobs/queue.ts';
import type { UploadQuotas } from '../recordings/upload-quota.ts';
import type { BlobStore } from '../storage/index.ts';
import { readerOfCircle } from './circle.ts';
import { askQuestion, ownerQuestions, readerQuestions, setQuestionAside } from './questions.ts';
import { addReply, deleteReply } from './replies.ts';
import { FAMILY_RESPONSE_LIMITS as LIMITS, perReader } from './response-limits.ts';
import { addReaderComment, addTellerComment, clearReaction, deleteComment, respondingReader, responsesView, setReaction } from './responses.ts';

interface Deps {
  db: Database;
  store: BlobStore;
  queue: Queue;
  quotas: UploadQuotas;
}

// A reader sees the responses of a story they read, and adds to it (policies.ts: story read, respond).
const storyToRead = pathResource('story', 'read');
const storyToRespond = pathResource('story', 'respond');
// Their own comment, their own voice reply (policies.ts: storyComment delete, recording delete).
const commentToDelete = pathResource('storyComment', 'delete');
const replyToDelete = pathResource('recording', 'delete');
// The query string's circle is text: the reading routes' schema reads it as a number.
const circleQuery = familyCircleQuerySchema;
/** What a response says depends on who asks ("mine"): never from a shared cache. */
const NO_STORE = 'no-store';

/**
 * A family reader's responses (issue 28), in the reader scope (server/access/reader-scope.ts):
 * comments, a reaction, voice replies on the stories shared with them, and questions to
 * their storyteller. Each write is rate limited per reader.
 */
export async function readerResponseRoutes(app: FastifyInstance, deps: Deps) {
  const { db, store } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const writes = { rateLimit: perReader(LIMITS.writesPerMinute) };

  api.get('/api/family/stories/:id/responses', { config: storyToRead.config }, async (request, reply) =>
    reply.header('cache-control', NO_STORE).send(await responsesView(db, respondingReader(request.actor), storyToRead.of(request))),
  );

  api.post(
    '/api/family/stories/:id/comments',
    { config: { ...writes, ...storyToRespond.config }, schema: { body: familyCommentSchema } },
    async (request, reply) => reply.status(201).send(await addReaderComment(db, respondingReader(request.actor), storyToRespond.of(request), request.body.body)),
  );

  api.delete('/api/family/comments/:id', { config: { ...writes, ...commentToDelete.config } }, async (request, reply) => {
    respondingReader(request.actor);
    await deleteComment(db, commentToDelete.of(request));
    return reply.status(204).send();
  });

  api.put(
    '/api/family/stories/:id/reaction',
    { config: { ...writes, ...storyToRespond.config }, schema: { body: familyReactionSchema } },
    async (request, reply) => {
      await setReaction(db, respondingReader(request.actor), storyToRespond.of(request), request.body.reaction);
      return reply.status(204).send();
    },
  );

  api.delete('/api/family/stories/:id/reaction', { config: { ...writes, ...storyToRespond.config } }, async (request, reply) => {
    await clearReaction(db, respondingReader(request.actor), storyToRespond.of(request));
    return reply.status(204).send();
  });

  api.post(
    '/api/family/stories/:id/replies',
    { config: { rateLimit: perReader(LIMITS.repliesPerMinute), ...storyToRespond.config } },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', NO_STORE)
        .send(await addReply(deps, respondingReader(request.actor), storyToRespond.of(request), request, reply)),
  );

  api.delete('/api/family/replies/:id', { config: { ...writes, ...replyToDelete.config } }, async (request, reply) => {
    respondingReader(request.actor);
    await deleteReply(db, store, replyToDelete.of(request));
    return reply.status(204).send();
  });

  api.post(
    '/api/family/questions',
    { config: { rateLimit: perReader(LIMITS.questionsPerMinute) }, schema: { body: familyQuestionSchema } },
    async (request, reply) => {
      const reader = await readerOfCircle(db, request, request.body.circle);
      return reply.status(201).send(await askQuestion(db, reader, request.body.text));
    },
  );

  api.get('/api/family/questions', { schema: { querystring: circleQuery } }, async (request, reply) => {
    const reader = await readerOfCircle(db, request, request.query.circle);
    return reply.header('cache-control', NO_STORE).send(await readerQuestions(db, reader));
  });
}

// The storyteller's side: their story's responses, their answers, their relatives' questions.
const ownStory = pathResource('story', 'update');
const storyToAnswerOn = pathResource('story', 'respond');
const questionToSetAside = pathResource('familyQuestion', 'delete');

/** The storyteller's view of the circle's responses and questions, in the signed-in scope. */
export async function ownerResponseRoutes(app: FastifyInstance, deps: Pick<Deps, 'db'>) {
  const { db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/stories/:id/responses', { config: ownStory.config }, async (request, reply) =>
    reply.header('cache-control', NO_STORE).send(await responsesView(db, signedInActor(request), ownStory.of(request))),
  );

  api.post(
    '/api/stories/:id/comments',
    { config: { rateLimit: perUser(LIMITS.tellerCommentsPerMinute), ...storyToAnswerOn.config }, schema: { body: familyCommentSchema } },
    async (request, reply) => reply.status(201).send(await addTellerComment(db, signedInActor(request), storyToAnswerOn.of(request), request.body.body)),
  );

  api.delete('/api/story-comments/:id', { config: commentToDelete.config }, async (request, reply) => {
    await deleteComment(db, commentToDelete.of(request));
    return reply.status(204).send();
  });

  api.get('/api/interviewer/family-questions', async (request, reply) =>
    reply.header('cache-control', NO_STORE).send(await ownerQuestions(db, signedInActor(request).user.id)),
  );

  api.delete('/api/family-questions/:id', { config: questionToSetAside.config }, async (request, reply) => {
    await setQuestionAside(db, questionToSetAside.of(request));
    return reply.status(204).send();
  });
}
