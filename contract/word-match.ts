/**
 * Word matching shared by the server's grounding (server/ai/grounding.ts) and the label
 * grouping (contract/label-groups.ts): case-insensitive with ä/ö/å folded, and
 * inflection-aware enough for Finnish.
 */

export const STOPWORDS = new Set([
  'the', 'a', 'an', 'of', 'my', 'our', 'his', 'her', 'their', 'your', 'in', 'at', 'on', 'near', 'by', 'and', 'to', 'from',
  'old', 'ja', 'seka', 'minun', 'meidan', 'hanen', 'lahella', 'vanha',
]);

export const TITLE_WORDS = [
  'uncle', 'aunt', 'auntie', 'grandma', 'grandpa', 'grandmother', 'grandfather', 'granny', 'mother', 'father', 'mom', 'mum',
  'dad', 'sister', 'brother', 'cousin', 'wife', 'husband', 'son', 'daughter', 'friend', 'mr', 'mrs', 'ms', 'dr', 'miss', 'sir',
  'neighbor', 'neighbour', 'teacher', 'aiti', 'isa', 'mummo', 'mummi', 'ukki', 'vaari', 'pappa', 'isoaiti', 'isoisa', 'sisko',
  'sisar', 'veli', 'velje', 'serkku', 'seta', 'eno', 'tati', 'vaimo', 'mies', 'poika', 'tytar', 'ystava', 'naapuri', 'opettaja',
  'rouva', 'herra', 'neiti',
];

/** Lower case, ä/ö/å and other accents folded, so "Jyväskylä" and "Jyvaskyla" compare equal. */
export function foldWord(word: string): string {
  return word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
}

export function words(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map(foldWord);
}

export function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** Whether a word from the metadata and a word from a transcript are the same word, inflected. */
export function sameWord(entryWord: string, transcriptWord: string): boolean {
  const w = entryWord;
  const t = transcriptWord;
  if (w === t) return true;
  if (w.length >= 3 && t.startsWith(w)) return true;
  const prefix = commonPrefix(w, t);
  if (w.length >= 5 && t.length >= 5 && prefix >= 5) return true;
  if (w.length >= 4 && w.endsWith('i') && t.startsWith(`${w.slice(0, -1)}e`)) return true;
  return w.length >= 5 && prefix >= 3 && prefix >= w.length - 2 && t.length >= w.length - 1 && 'kpt'.includes(w[prefix] ?? '');
}

export function isTitleWord(word: string): boolean {
  return TITLE_WORDS.some((title) => word === title || (word.startsWith(title) && word.length - title.length <= 3));
}

