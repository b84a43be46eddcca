import { namesTheUnsaid, numbersTheUnsaid, TranscriptVocabulary } from '../ai/grounding.ts';

/**
 * The writer's questions that stay with what was told: a question naming a person or
 * place (a capitalised word inside the sentence, "What did Pekka say in Oulu?") or a
 * number (a year, an age) that the story and its transcripts never mention is dropped, as
 * are blanks and repeats. The same checks as the other grounding (server/ai/grounding.ts).
 */
export function groundedQuestions(questions: string[], sources: string[]): string[] {
  const vocabulary = new TranscriptVocabulary(sources);
  const seen = new Set<string>();
  return questions
    .map((q) => q.trim().replace(/\s+/g, ' '))
    .filter((q) => {
      const key = q.toLowerCase();
      if (!q || seen.has(key)) return false;
      seen.add(key);
      return !namesTheUnsaid(q, vocabulary) && !numbersTheUnsaid(q, vocabulary);
    });
}
