import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONVERSATION_ERRORS, CONVERSATION_LIMITS, conversationFollowUpSchema, conversationSpeechSchema, type ConversationFinishResponse,
} from '../../contract/conversation.ts';
import { photoQuestionRequestSchema } from '../../contract/photo-prompts.ts';
import { load } from '../access/loaders.ts';
import { pathResource } from '../access/path-resource.ts';
import type { Engines } from '../ai/engines.ts';
import { currentUser } from '../auth/authenticate.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { perUser as limitPerUser } from '../http/rate-limit/index.ts';
import type { Queue } from '../jobs/queue.ts';
import { queueFinishConversation } from './finish-conversation-job.ts';
import { askFollowUp, toldInStory } from './follow-up.ts';
import { askAboutPhoto } from './photo-question.ts';
import { SpeechCache } from './speech-cache.ts';
import { recordingCount } from './story-recordings.ts';

const storyToFinish = pathResource('story', 'update', 'storyId');

/** Limits per signed-in user (not per address: a family shares one). */
const perUser = (max: number) => ({ rateLimit: limitPerUser(max, 'preHandler') });

/**
 * "Talk with Saaga": the spoken interview's server side. The answers themselves are
 * ordinary recordings (POST /api/recordings, then /api/stories/{id}/recordings); these
 * routes speak a question, ask one grounded follow-up, and have the story written from all
 * the answers when the conversation ends.
 */
export async function conversationRoutes(app: FastifyInstance, deps: { db: Database; queue: Queue; engines?: Engines }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db, queue } = deps;
  const speech = new SpeechCache();

  const engines = () => {
    if (!deps.engines) throw new HttpError(503, 'unavailable', CONVERSATION_ERRORS.unavailable);
    return deps.engines;
  };

  api.post('/api/conversation/speech', { config: perUser(CONVERSATION_LIMITS.speechPerMinute), schema: { body: conversationSpeechSchema } }, async (request, reply) => {
    const { text, language } = request.body;
    const { narrator } = engines();
    let narration = speech.get(text, language);
    if (!narration) {
      try {
        narration = await narrator.narrate({ text, language, signal: AbortSignal.timeout(30_000) });
      } catch (error) {
        request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'a conversation question could not be narrated');
        throw new HttpError(502, 'narration_failed', CONVERSATION_ERRORS.narrationFailed);
      }
      speech.set(text, language, narration);
    }
    return reply.header('cache-control', 'private, max-age=3600').type(narration.mimeType).send(narration.audio);
  });

  api.post('/api/conversation/follow-up', { config: perUser(CONVERSATION_LIMITS.followUpsPerMinute), schema: { body: conversationFollowUpSchema } }, async (request) => {
    const { writer } = engines();
    // Someone else's story is a 404 like a missing one, before the writer is asked anything.
    const story = request.body.storyId ? await load(db, request.actor, 'story', request.body.storyId, 'update') : null;
    const told = story ? await toldInStory(db, story) : null;
    return askFollowUp(writer, request.body, told, request.log);
  });

  // A conversation that starts from a photo: its first question, about the photo. Without the
  // AI it is Saaga's own question (not a 503): the caption and date are enough to ask.
  api.post('/api/conversation/photo-question', { config: perUser(CONVERSATION_LIMITS.followUpsPerMinute), schema: { body: photoQuestionRequestSchema } }, async (request) => {
    // Someone else's photo is a 404 like a missing one, before the writer is asked anything.
    const photo = await load(db, request.actor, 'photo', request.body.photoId, 'read');
    return askAboutPhoto(deps.engines?.writer, { caption: photo.caption, takenOn: photo.takenOn }, request.body.language, request.log);
  });

  api.post('/api/conversation/:storyId/finish', { config: storyToFinish.config }, async (request, reply) => {
    const story = storyToFinish.of(request);
    // One answer was written as any recording is; several are written again together.
    const rewriting = (await recordingCount(db, story.id)) > 1;
    if (rewriting) await queueFinishConversation(queue, story.id);
    return reply.status(202).send({ storyId: story.id, rewriting } satisfies ConversationFinishResponse);
  });
}
