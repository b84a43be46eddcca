import { namesTheUnsaid, numbersTheUnsaid, TranscriptVocabulary } from '../ai/grounding.ts';

export interface GroundedChapter {
  /** The chapter's paragraphs, separated by blank lines, without the sentences taken out. */
  content: string;
  /** Sentences that named a person, place or year none of the chapter's stories holds. */
  removed: string[];
}

/** The chapter's text as plain paragraphs: headings and list marks the model added lose their marks, not their words. */
function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.replace(/^\s{0,3}(#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s?)/, '').trim())
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean);
}

function sentencesOf(paragraph: string, language: string): string[] {
  const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  return [...segmenter.segment(paragraph)].map((s) => s.segment.trim()).filter(Boolean);
}

/**
 * Grounds one chapter in its stories, as story metadata is grounded: a sentence that
 * names someone or somewhere (a capitalised word inside the sentence) or gives a number
 * of two or more digits that none of the sources has is taken out, and listed.
 */
export function groundedChapter(text: string, sources: string[], language: string): GroundedChapter {
  const vocabulary = new TranscriptVocabulary(sources);
  const removed: string[] = [];
  const paragraphs: string[] = [];
  for (const paragraph of paragraphsOf(text)) {
    const kept = sentencesOf(paragraph, language).filter((sentence) => {
      const unsaid = namesTheUnsaid(sentence, vocabulary) || numbersTheUnsaid(sentence, vocabulary);
      if (unsaid) removed.push(sentence);
      return !unsaid;
    });
    if (kept.length > 0) paragraphs.push(kept.join(' '));
  }
  return { content: paragraphs.join('\n\n'), removed };
}
