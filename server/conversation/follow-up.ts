import { asc, eq } from 'drizzle-orm';
import { CONVERSATION_LIMITS, type ConversationFollowUpRequest, type ConversationFollowUpResponse } from '../../contract/conversation.ts';
import type { Writer } from '../ai/ports.ts';
import { followUpTask } from '../follow-ups/follow-up-task.ts';
import type { Database } from '../db/client.ts';
import { recordings } from '../db/schema.ts';
import { fallbackQuestion } from './fallback-questions.ts';

/** What the conversation told so far: the story's title, text and transcripts, when it has them. */
export interface ToldSoFar {
  title: string;
  content: string;
  transcripts: string[];
}

/** The story's words, to ground the follow-up in the whole conversation, not only the last answer. */
export async function toldInStory(db: Database, story: { id: number; title: string; content: string; processingStatus: string }): Promise<ToldSoFar> {
  const rows = await db.select({ transcription: recordings.transcription }).from(recordings).where(eq(recordings.storyId, story.id)).orderBy(asc(recordings.orderIndex));
  // A story still being written has placeholder text, not the person's words.
  const written = story.processingStatus !== 'processing';
  return {
    title: written ? story.title : '',
    content: written ? story.content : '',
    transcripts: rows.map((r) => r.transcription?.trim() ?? '').filter(Boolean),
  };
}

/**
 * One follow-up to the answer just given: the writer's first question that names no
 * person, place or number the person did not say (the follow-ups' grounding), else a
 * plain question of Saaga's own. A writer that fails or takes too long is the plain
 * question too: the person is waiting, mid-conversation.
 */
export async function askFollowUp(
  writer: Writer,
  request: ConversationFollowUpRequest,
  told: ToldSoFar | null,
  log: { warn(obj: object, msg?: string): void },
): Promise<ConversationFollowUpResponse> {
  const askedBefore = [...(request.askedBefore ?? []), request.question];
  const answer = request.answer.trim().slice(-CONVERSATION_LIMITS.answerChars);
  if (!answer) return { question: fallbackQuestion(request.language, askedBefore), source: 'fallback' };

  const earlier = told ? [told.content, ...told.transcripts].filter(Boolean).join('\n\n') : '';
  let asked: string[] = [];
  try {
    ({ questions: asked } = await writer.run(followUpTask, {
      stories: [{ title: request.question, content: earlier ? `${earlier}\n\n${answer}` : answer }],
      language: request.language,
      count: 3,
      existingQuestions: askedBefore,
      // Grounded in what the person said (and the questions they were asked), nothing else.
      sources: [answer, request.question, ...(told ? [told.title, told.content, ...told.transcripts] : [])],
    }, { signal: AbortSignal.timeout(CONVERSATION_LIMITS.followUpTimeoutMs) }));
  } catch (error) {
    log.warn({ err: error instanceof Error ? error.message : String(error) }, 'the writer gave no follow-up; Saaga asks its own');
  }
  const grounded = asked.filter((q) => q.length <= CONVERSATION_LIMITS.questionChars);
  if (grounded[0]) return { question: grounded[0], source: 'writer' };
  return { question: fallbackQuestion(request.language, askedBefore), source: 'fallback' };
}
