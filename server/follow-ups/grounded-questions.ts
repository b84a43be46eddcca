import { namesTheUnsaid, numbersTheUnsaid, TranscriptVocabulary } from '../ai/grounding.ts';

/** A question as it is compared with others: spaces collapsed, case folded. */
const sameQuestion = (question: string) => question.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The one de-duplication of follow-up questions: each question trimmed (inner spaces
 * collapsed), blanks and repeats dropped, and so is any question asked before, whatever
 * its case or spacing.
 */
export function newQuestions(questions: string[], askedBefore: string[] = []): string[] {
  const seen = new Set(askedBefore.map(sameQuestion));
  return questions
    .map((q) => q.trim().replace(/\s+/g, ' '))
    .filter((q) => {
      const key = sameQuestion(q);
      if (!q || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * The writer's questions that stay with what was told: a question naming a person or
 * place (a capitalised word inside the sentence, "What did Pekka say in Oulu?") or a
 * number (a year, an age) that the story and its transcripts never mention is dropped.
 * The same checks as the other grounding (server/ai/grounding.ts).
 */
export function groundedQuestions(questions: string[], sources: string[]): string[] {
  const vocabulary = new TranscriptVocabulary(sources);
  return questions.filter((q) => !namesTheUnsaid(q, vocabulary) && !numbersTheUnsaid(q, vocabulary));
}
