import { foldWord, isTitleWord, STOPWORDS } from './word-match.ts';

/**
 * Label grouping (spec 5): lowercase, punctuation stripped; two labels group when equal,
 * differing by a trailing n or s, or sharing any whitespace-separated word. Extended for
 * Finnish (docs/decisions/011-finnish-name-grouping.md): words also match when one is the
 * other with a Finnish case ending ("Annalle" ~ "Anna", "Tampereella" ~ "Tampere",
 * "Helsingissä" ~ "Helsinki"). Only real case endings count, so "Mattila" stays apart
 * from "Matti" and "Annika" from "Anna". Title and filler words (uncle, my, the) do not
 * group two labels on their own: "Uncle Bob" and "Uncle Tom" stay apart.
 */

/** Lowercase, punctuation stripped, spaces collapsed (the spec's reading of a label). */
export function normalizeLabel(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Case endings (ä/ö folded to a/o), after the stem: genitive, locatives, translative,
 * illative. Essive -na and partitive -ta are left out on purpose: Eli/Elina, Mari/Marita.
 */
const ENDINGS = ['n', 'ssa', 'sta', 'lla', 'lta', 'lle', 'ksi', 'seen', 'hin', 'han', 'hen', 'hon', 'hun', 'hyn', 'ineen'];

const VOWELS = 'aeiouyäöå';
const isVowel = (c: string | undefined) => c !== undefined && VOWELS.includes(c);

/** Consonant gradation, strong to weak: Matti → Mati-, Turku → Turu-, Helsinki → Helsingi-. */
const GRADATION: [string, string][] = [
  ['kk', 'k'], ['pp', 'p'], ['tt', 't'], ['nk', 'ng'], ['mp', 'mm'], ['lt', 'll'], ['nt', 'nn'], ['rt', 'rr'], ['ht', 'hd'],
  ['k', ''], ['p', 'v'], ['t', 'd'],
];

/** The stems a word's case forms are built on. */
function stems(word: string): string[] {
  const out = new Set([word]);
  const last = word.at(-1);
  if (!isVowel(last)) {
    if (word.endsWith('nen')) out.add(`${word.slice(0, -3)}se`); // Virtanen → Virtase-
    else if (word.endsWith('s')) out.add(`${word.slice(0, -1)}kse`); // Niklas → Niklakse-
    out.add(`${word}i`); // Jon → Joni-
    return [...out];
  }
  if (last === 'e') out.add(`${word}e`); // Tampere → Tamperee-
  const withE = last === 'i' ? `${word.slice(0, -1)}e` : undefined; // järvi → järve-
  if (withE) out.add(withE);
  // Gradation acts on the consonants just before the final vowel(s).
  let end = word.length;
  while (end > 0 && isVowel(word[end - 1])) end--;
  const head = word.slice(0, end);
  const tail = word.slice(end);
  for (const [strong, weak] of GRADATION) {
    if (head.length > strong.length && head.endsWith(strong)) {
      const graded = head.slice(0, -strong.length) + weak;
      if (graded.length < 2) break;
      out.add(graded + tail);
      if (withE) out.add(`${graded}${tail.slice(0, -1)}e`); // Lahti → Lahde-
      break;
    }
  }
  return [...out];
}

/** Whether `form` is `base` with a Finnish case ending. */
function isCaseForm(base: string, form: string): boolean {
  if (base.length < 3) return false; // too short to tell an ending from another name
  for (const stem of stems(base)) {
    if (!form.startsWith(stem) || stem.length < 2) continue;
    const ending = form.slice(stem.length);
    if (ENDINGS.includes(ending)) return true;
    // Illative: the stem's vowel doubled and n (Annaan, Villeen, Mattiin).
    const vowel = stem.at(-1);
    if (isVowel(vowel) && ending === `${vowel}n`) return true;
    // Partitive after -a or -e stems only (Annaa, Tamperetta); Mari/Maria must stay apart.
    if ((vowel === 'a' && ending === 'a') || (vowel === 'e' && ending === 'tta')) return true;
  }
  return false;
}

/** Endings of the -l- cases: Isabella and Isabelle end in two of them and are other names. */
const L_ENDINGS = new Set(['lla', 'lle', 'lta']);

/** The stems a word would have if it were a case form: Annalle → anna, Tampereelta → tamperee. */
function strippedStems(word: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const ending of ENDINGS) {
    const stem = word.slice(0, -ending.length);
    if (word.endsWith(ending) && stem.length >= 3) out.set(stem, ending);
  }
  return out;
}

/**
 * Two case forms of one word whose base form is not among the labels: Annan ~ Annalle
 * (once "Anna" is a person, only her inflected names are left unlinked).
 */
function sameStem(a: string, b: string): boolean {
  const stemsOfB = strippedStems(b);
  for (const [stem, ending] of strippedStems(a)) {
    const other = stemsOfB.get(stem);
    if (other !== undefined && other !== ending && !(L_ENDINGS.has(ending) && L_ENDINGS.has(other))) return true;
  }
  return false;
}

/** Whether two words (already normalized) are the same word: the spec's rule plus Finnish case forms. */
export function sameLabelWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long === `${short}n` || long === `${short}s`) return true;
  const fs = foldWord(short);
  const fl = foldWord(long);
  if (fs === fl) return true;
  // A graded stem can be as long as the base word (Matti, Matin): try both ways.
  return isCaseForm(fs, fl) || isCaseForm(fl, fs) || sameStem(fs, fl);
}

/** Words that can tie two labels together: not filler or title words ("my", "uncle"). */
function meaningfulWords(normalized: string): string[] {
  return normalized.split(' ').filter((w) => w !== '' && !STOPWORDS.has(foldWord(w)) && !isTitleWord(foldWord(w)));
}

/** Whether two labels belong in one group. */
export function labelsMatch(a: string, b: string): boolean {
  const na = normalizeLabel(a);
  const nb = normalizeLabel(b);
  if (na === '' || nb === '') return false;
  if (na === nb || na === `${nb}n` || na === `${nb}s` || nb === `${na}n` || nb === `${na}s`) return true;
  const wa = meaningfulWords(na);
  const wb = meaningfulWords(nb);
  return wa.some((x) => wb.some((y) => sameLabelWord(x, y)));
}

/**
 * The labels in groups: a label joins every group it matches (so groups are the connected
 * sets), groups keep the order of their first label and labels their order within.
 */
export function groupLabels(labels: readonly string[]): string[][] {
  const parent = labels.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  for (let i = 0; i < labels.length; i++) {
    for (let j = 0; j < i; j++) {
      if (labelsMatch(labels[i]!, labels[j]!)) {
        const ri = find(i);
        const rj = find(j);
        if (ri !== rj) parent[Math.max(ri, rj)] = Math.min(ri, rj);
      }
    }
  }
  const groups = new Map<number, string[]>();
  labels.forEach((label, i) => {
    const root = find(i);
    groups.set(root, [...(groups.get(root) ?? []), label]);
  });
  return [...groups.values()];
}
