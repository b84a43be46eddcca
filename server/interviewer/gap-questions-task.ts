import { z } from 'zod';
import { namesTheUnsaid, numbersTheUnsaid, TranscriptVocabulary } from '../ai/grounding.ts';
import { defineWritingTask } from '../ai/writing-task.ts';
import { buildGapQuestionsPrompt, type GapQuestionsRequest } from './gap-questions-prompt.ts';
import type { LifeGap } from './life-gaps.ts';

/** What a question about a gap may name: the person's or place's name and detail, or the decade (1960, 60). */
function gapWords(gap: LifeGap): string {
  return gap.kind === 'decade' ? `${gap.decade} ${gap.decade % 100}` : `${gap.name} ${gap.detail ?? ''}`;
}

/**
 * One question per gap, by the gap's key; a gap the answer left out, or asked about with
 * names or numbers of its own, has none.
 */
export const gapQuestionsTask = defineWritingTask({
  name: 'gap_questions',
  output: z.object({ questions: z.array(z.object({ key: z.string(), question: z.string() })) }),
  prompt: (request: GapQuestionsRequest) => buildGapQuestionsPrompt(request),
  ground(output, request): Record<string, string> {
    const gaps = new Map(request.gaps.map((gap) => [gap.key, gap]));
    const questions: Record<string, string> = {};
    for (const answer of output.questions) {
      const gap = gaps.get(answer.key.trim());
      const question = answer.question.trim();
      if (!gap || !question || questions[gap.key]) continue;
      // Grounded in what exists: only the gap's own name or decade, and what the stories' titles say.
      const vocabulary = new TranscriptVocabulary([gapWords(gap), ...request.known.titles]);
      if (!namesTheUnsaid(question, vocabulary) && !numbersTheUnsaid(question, vocabulary)) questions[gap.key] = question;
    }
    return questions;
  },
});
