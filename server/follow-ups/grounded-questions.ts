import { STOPWORDS, words } from '../../contract/word-match.ts';
import { TranscriptVocabulary } from '../ai/grounding.ts';

/**
 * The writer's questions that stay with what was told: a question naming a person or
 * place (a capitalised word inside the sentence, "What did Pekka say in Oulu?") or a year
 * (a number of 3+ digits) that the story and its transcripts never mention is dropped,
 * as are blanks and repeats.
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
      return namesOf(q).every((name) => vocabulary.has(name)) && yearsOf(q).every((n) => vocabulary.numbers.has(n));
    });
}

/** Words written with a capital letter that do not begin a sentence: names, in English and Finnish alike. */
function namesOf(question: string): string[] {
  const names: string[] = [];
  // A sentence begins at the start and after . ! ? or a colon; quotes and brackets are skipped.
  const tokens = question.match(/[\p{L}\p{N}'’-]+|[.!?:]/gu) ?? [];
  let sentenceStart = true;
  for (const token of tokens) {
    if (/^[.!?:]$/.test(token)) {
      sentenceStart = true;
      continue;
    }
    const capitalised = /^\p{Lu}/u.test(token);
    // "I" is no name; neither are stopwords.
    if (capitalised && !sentenceStart && token !== 'I') {
      for (const word of words(token)) if (word.length >= 2 && !STOPWORDS.has(word)) names.push(word);
    }
    sentenceStart = false;
  }
  return names;
}

function yearsOf(question: string): string[] {
  return (question.match(/\d+/g) ?? []).filter((n) => n.length >= 3);
}
