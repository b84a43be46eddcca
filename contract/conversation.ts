import { z } from 'zod';
import { languageSchema } from './languages.ts';

/**
 * "Talk with Saaga" (beyond the spec): a spoken interview. Saaga speaks a question, the
 * person answers aloud, each answer is uploaded as a recording of one story (the first
 * makes it, with the question as its `promptQuestion`), and Saaga asks one grounded
 * follow-up after each answer. The conversation is written as the story's text at the end.
 */
export const CONVERSATION_LIMITS = {
  /** A question spoken or asked about, in characters. */
  questionChars: 500,
  /** The live text of one answer sent for a follow-up, in characters (longer is cut from the start). */
  answerChars: 8000,
  /** Text narrated at once. */
  speechChars: 500,
  /** Narrations per user per minute. */
  speechPerMinute: 30,
  /** Follow-up questions per user per minute. */
  followUpsPerMinute: 20,
  /** Silence after a finished sentence that ends the answer turn. */
  pauseMs: 2500,
  /** How long the server lets the writer think of a follow-up before asking the plain question instead. */
  followUpTimeoutMs: 20_000,
} as const;

/** POST /api/conversation/follow-up: the answer just given, for one follow-up question. */
export const conversationFollowUpSchema = z.object({
  /** The story the conversation is kept in, once the first answer made it. */
  storyId: z.number().int().positive().optional(),
  question: z.string().trim().min(1, 'Question is required').max(CONVERSATION_LIMITS.questionChars, `Question must be at most ${CONVERSATION_LIMITS.questionChars} characters`),
  /** The live text of the answer; empty when live text was not available. */
  answer: z.string().max(CONVERSATION_LIMITS.answerChars, `Answer must be at most ${CONVERSATION_LIMITS.answerChars} characters`),
  /** Questions asked before in this conversation, not to be asked again. */
  askedBefore: z.array(z.string().max(CONVERSATION_LIMITS.questionChars)).max(50).optional(),
  language: languageSchema,
});
export type ConversationFollowUpRequest = z.infer<typeof conversationFollowUpSchema>;

/** Where a follow-up came from: the writer, or Saaga's plain question when the writer's named what nobody said or failed. */
export const FOLLOW_UP_SOURCES = ['writer', 'fallback'] as const;

export const conversationFollowUpResponseSchema = z.object({
  question: z.string(),
  source: z.enum(FOLLOW_UP_SOURCES),
});
export type ConversationFollowUpResponse = z.infer<typeof conversationFollowUpResponseSchema>;

/** POST /api/conversation/speech: a question to be spoken aloud; answers audio. */
export const conversationSpeechSchema = z.object({
  text: z.string().trim().min(1, 'Text is required').max(CONVERSATION_LIMITS.speechChars, `Text must be at most ${CONVERSATION_LIMITS.speechChars} characters`),
  language: languageSchema,
});
export type ConversationSpeechRequest = z.infer<typeof conversationSpeechSchema>;

/** POST /api/conversation/{storyId}/finish (202): whether the story is written again from all its answers. */
export const conversationFinishResponseSchema = z.object({
  storyId: z.number(),
  rewriting: z.boolean(),
});
export type ConversationFinishResponse = z.infer<typeof conversationFinishResponseSchema>;

/** Error codes of the conversation routes, translated by the client. */
export const CONVERSATION_ERRORS = {
  unavailable: 'Conversation is not available: the AI engines are not running',
  narrationFailed: 'The question could not be spoken',
} as const;
