import { foldWord, sameWord, words } from '../../contract/word-match.ts';

/*
 * The words that say what a text is about, compared as grounding compares names
 * (contract/word-match.ts): case and ä/ö/å folded, inflection-aware enough for Finnish
 * (talo ~ talossa, Helsinki ~ Helsingissä, Turku ~ Turussa). Used to find which spoken
 * sentences a written paragraph retells.
 */

// The little words every sentence has, in English and Finnish (speech fillers too): they say
// nothing about which sentence a paragraph retells.
const FUNCTION_WORDS = new Set(
  [
    // English
    'the', 'and', 'but', 'for', 'nor', 'yet', 'with', 'from', 'into', 'onto', 'upon', 'about', 'over', 'under', 'after',
    'before', 'then', 'than', 'that', 'this', 'these', 'those', 'there', 'here', 'what', 'which', 'who', 'whom', 'whose',
    'when', 'where', 'why', 'how', 'was', 'were', 'are', 'been', 'being', 'have', 'has', 'had', 'having', 'did', 'does',
    'doing', 'not', 'yes', 'you', 'your', 'yours', 'him', 'his', 'her', 'hers', 'she', 'they', 'them', 'their', 'theirs',
    'our', 'ours', 'its', 'myself', 'very', 'just', 'all', 'also', 'would', 'could', 'should', 'will', 'can', 'shall',
    'may', 'might', 'must', 'some', 'any', 'more', 'most', 'much', 'many', 'every', 'each', 'too', 'well', 'like',
    'really', 'because', 'while', 'still', 'even', 'only', 'out', 'off', 'down', 'one', 'other', 'such', 'own', 'same',
    'again', 'once', 'always', 'never', 'ever', 'now', 'get', 'got', 'went', 'go', 'going', 'come', 'came', 'know',
    'think', 'thing', 'things', 'mean', 'say', 'said', 'tell', 'told', 'remember', 'recall', 'lot', 'kind', 'sort',
    'okay', 'yeah', 'uh', 'um', 'umm', 'erm', 'hmm', 'mmm', 'yup', 'nope', 'gonna', 'wanna', 'don', 'didn', 'wasn',
    'weren', 'isn', 'aren', 'doesn', 'couldn', 'wouldn', 'shouldn',
    // Finnish
    'ja', 'tai', 'mutta', 'vaan', 'että', 'jotta', 'kun', 'kuin', 'niin', 'jos', 'koska', 'vaikka', 'sekä', 'eli',
    'olla', 'olen', 'olet', 'olemme', 'olette', 'ovat', 'oli', 'olin', 'olit', 'olimme', 'olitte', 'olivat', 'ollut',
    'olleet', 'ole', 'ollaan', 'oltiin', 'olisi', 'oon', 'oisin', 'ei', 'en', 'et', 'emme', 'ette', 'eivät', 'eikä',
    'minä', 'mä', 'mie', 'minun', 'mun', 'minua', 'minulla', 'mulla', 'minulle', 'mulle', 'minusta', 'sinä', 'sä',
    'sinun', 'sun', 'hän', 'hänen', 'häntä', 'hänellä', 'hänelle', 'me', 'meidän', 'meitä', 'meillä', 'meille', 'te',
    'he', 'heidän', 'heitä', 'heillä', 'heille', 'se', 'sen', 'sitä', 'siinä', 'siitä', 'siihen', 'sillä', 'sille',
    'ne', 'niiden', 'niitä', 'niissä', 'niistä', 'niihin', 'tämä', 'tämän', 'tätä', 'tässä', 'tästä', 'tähän', 'nämä',
    'tuo', 'tuon', 'tuota', 'tota', 'noi', 'nuo', 'siellä', 'sinne', 'sieltä', 'täällä', 'tänne', 'täältä', 'joka',
    'jonka', 'jota', 'jossa', 'josta', 'johon', 'jotka', 'joita', 'joissa', 'mikä', 'minkä', 'mitä', 'missä', 'mistä',
    'mihin', 'kuka', 'kenen', 'ketä', 'sitten', 'sit', 'sitte', 'myös', 'vain', 'aina', 'vielä', 'jo', 'nyt',
    'kanssa', 'kaikki', 'kaikkea', 'hyvin', 'ihan', 'aivan', 'oikein', 'tosi', 'no', 'niinku', 'niinkuin', 'siis',
    'kyllä', 'joo', 'juu', 'nii', 'öö', 'ää', 'muistan', 'muistaa', 'sanoi', 'sanoa', 'tietää', 'tiedän',
    'jälkeen', 'ennen', 'kautta', 'luona', 'mukaan', 'paljon', 'vähän', 'kovin', 'itse', 'oma', 'oman',
  ].map(foldWord),
);

/** Whether a folded word says something: not a little word, and three letters or more (or a number). */
function isContentWord(word: string): boolean {
  return (word.length >= 3 || /^\d+$/.test(word)) && !FUNCTION_WORDS.has(word);
}

/** A text's content words, folded, each once, in the order first said. */
export function contentWords(text: string): string[] {
  return [...new Set(words(text).filter(isContentWord))];
}

// Every form sameWord matches shares its first three letters (a shorter word matches only itself).
const KEY_LETTERS = 3;

/** The content words of some texts (a story's paragraphs), asked again and again which of them have a word, in any of its forms. */
export class WordIndex {
  /** Each word as written, and the texts that have it. */
  private readonly exact = new Map<string, number[]>();
  /** The words by their first letters: the only ones a word can match in another form. */
  private readonly byStart = new Map<string, string[]>();
  private readonly answers = new Map<string, number[]>();

  constructor(private readonly texts: string[]) {
    texts.forEach((text, i) => {
      for (const word of contentWords(text)) this.exact.set(word, [...(this.exact.get(word) ?? []), i]);
    });
    for (const word of this.exact.keys()) {
      const key = word.slice(0, KEY_LETTERS);
      this.byStart.set(key, [...(this.byStart.get(key) ?? []), word]);
    }
  }

  /** The texts (their places, in order) that have the word. */
  textsHaving(word: string): number[] {
    let texts = this.answers.get(word);
    if (!texts) {
      const alike =
        word.length < KEY_LETTERS
          ? [word]
          : (this.byStart.get(word.slice(0, KEY_LETTERS)) ?? []).filter((own) => own === word || sameWord(word, own) || sameWord(own, word));
      texts = [...new Set(alike.flatMap((own) => this.exact.get(own) ?? []))].sort((a, b) => a - b);
      this.answers.set(word, texts);
    }
    return texts;
  }

  /** For each text, the share (0 to 1) of these words it has; 0 for no words. */
  sharesOf(words: string[]): number[] {
    const counts = this.texts.map(() => 0);
    for (const word of words) for (const text of this.textsHaving(word)) counts[text] += 1;
    return counts.map((count) => (words.length ? count / words.length : 0));
  }
}

/** The share (0 to 1) of these words a text has, in any of their forms. */
export function shareIn(text: string, words: string[]): number {
  return new WordIndex([text]).sharesOf(words)[0];
}
