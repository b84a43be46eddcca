import { z } from 'zod';
import { defineWritingTask } from '../ai/writing-task.ts';
import { buildFollowUpPrompt, DEFAULT_FOLLOW_UP_COUNT, type FollowUpRequest } from './follow-up-prompt.ts';
import { groundedQuestions, newQuestions } from './grounded-questions.ts';

export interface FollowUps {
  /** New, grounded questions, at most the count asked for. */
  questions: string[];
  /** How many of the writer's new questions named what nobody told (dropped). */
  ungrounded: number;
}

/**
 * Follow-up questions about some stories (the story's follow-ups, the spoken interview's
 * next question): the writer's new questions, de-duplicated against each other and against
 * those asked before, as many as asked for, then only those naming what was told.
 */
export const followUpTask = defineWritingTask({
  name: 'follow_up_questions',
  output: z.object({ questions: z.array(z.string()) }),
  prompt: (request: FollowUpRequest) => buildFollowUpPrompt(request),
  ground(output, request): FollowUps {
    const fresh = newQuestions(output.questions, request.existingQuestions).slice(0, request.count ?? DEFAULT_FOLLOW_UP_COUNT);
    const questions = groundedQuestions(fresh, request.sources);
    return { questions, ungrounded: fresh.length - questions.length };
  },
});
