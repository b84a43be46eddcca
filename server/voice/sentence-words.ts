import { sentencesOf } from './sentences.ts';

export interface SentenceWords {
  /** The sentence as written in the text. */
  text: string;
  /** Its words (`wordsIn`'s rule: runs of non-space). */
  words: string[];
}

/**
 * A text's sentences (`sentencesOf`), each with its words, so that all the sentences' words
 * together are the text's words in order (`sameWords` holds). A word belongs to the sentence
 * it starts in: where the sentence rule cuts inside a run of non-space ("ok.Then"), the word
 * stays whole in the first sentence, and a sentence left with no word of its own is left out.
 */
export function sentencesWithWords(text: string, language?: string): SentenceWords[] {
  // Where each sentence starts in the text: they are its pieces in order, trimmed.
  const starts: number[] = [];
  let cursor = 0;
  for (const sentence of sentencesOf(text, language)) {
    const at = text.indexOf(sentence, cursor);
    starts.push(at < 0 ? cursor : at);
    cursor = at < 0 ? cursor : at + sentence.length;
  }

  const result: { from: number; to: number; words: string[] }[] = [];
  let sentence = -1;
  for (const match of text.matchAll(/\S+/g)) {
    const at = match.index;
    let owner = sentence;
    while (owner + 1 < starts.length && starts[owner + 1]! <= at) owner += 1;
    const last = result.at(-1);
    if (owner !== sentence || !last) {
      sentence = owner;
      result.push({ from: at, to: at + match[0].length, words: [match[0]] });
    } else {
      last.words.push(match[0]);
      last.to = at + match[0].length;
    }
  }
  return result.map(({ from, to, words }) => ({ text: text.slice(from, to), words }));
}
