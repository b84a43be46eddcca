import type { AiErrorCode } from '../../contract/ai-errors.ts';

/** A transcript with fewer words than this is "too few words". */
export const MIN_TRANSCRIPT_WORDS = 3;

/**
 * Phrases speech engines write when they hear silence or noise (Whisper learnt them from
 * subtitles). A transcript made only of these is no speech.
 */
const SILENCE_PHRASES = [
  'thank you',
  'thanks for watching',
  'thank you for watching',
  'please subscribe',
  'subtitles by the amara org community',
  'you',
  'bye',
  'kiitos',
  'kiitos katsomisesta',
  'kiitos kun katsoit',
  'tekstitys',
  'suomenkielinen tekstitys',
  'musiikkia',
  'music',
];

export function transcriptWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
}

function isOnlySilencePhrases(text: string): boolean {
  const sentences = text
    .toLowerCase()
    .split(/[.!?\n♪]+/)
    .map((s) => transcriptWords(s).join(' '))
    .filter(Boolean);
  return sentences.length > 0 && sentences.every((s) => SILENCE_PHRASES.includes(s) || s.startsWith('tekstitys'));
}

/**
 * Share of words that belong to back-to-back repeats of the same word sequence (a phrase
 * of 1 to 12 words said again and again), the loop a speech engine falls into on silence
 * or noise. The first saying of each phrase is not counted.
 */
export function repeatedShare(words: string[]): number {
  if (words.length === 0) return 0;
  const repeated = new Uint8Array(words.length);
  for (let n = 1; n <= 12; n++) {
    const minRepeats = n === 1 ? 4 : n === 2 ? 3 : 2; // "no no no" is speech; a loop runs on
    for (let i = 0; i + 2 * n <= words.length; ) {
      let repeats = 1;
      while (i + (repeats + 1) * n <= words.length && sameRun(words, i, i + repeats * n, n)) repeats++;
      if (repeats > minRepeats) {
        repeated.fill(1, i + n, i + repeats * n);
        i += repeats * n;
      } else {
        i++;
      }
    }
  }
  return repeated.reduce((sum, r) => sum + r, 0) / words.length;
}

function sameRun(words: string[], a: number, b: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (words[a + k] !== words[b + k]) return false;
  return true;
}

/** Share of sentences that are the single most frequent sentence (once it occurs 4+ times). */
function dominantSentenceShare(text: string): number {
  const sentences = text
    .split(/[.!?\n]+/)
    .map((s) => transcriptWords(s).join(' '))
    .filter((s) => s.length > 0);
  if (sentences.length < 4) return 0;
  const counts = new Map<string, number>();
  for (const s of sentences) counts.set(s, (counts.get(s) ?? 0) + 1);
  const top = Math.max(...counts.values());
  return top >= 4 ? top / sentences.length : 0;
}

export interface TranscriptCheck {
  problem: Extract<AiErrorCode, 'no_speech' | 'too_few_words' | 'excessive_repetition'> | null;
  words: number;
  repeatedShare: number;
}

/**
 * Checks a finished transcript: nothing but silence phrases is no speech, fewer than
 * MIN_TRANSCRIPT_WORDS words is too few words, and half or more of it looping (or one
 * sentence making up half of all sentences) is excessive repetition.
 */
export function checkTranscript(text: string): TranscriptCheck {
  const words = transcriptWords(text);
  const share = repeatedShare(words);
  let problem: TranscriptCheck['problem'] = null;
  if (words.length === 0 || isOnlySilencePhrases(text)) problem = 'no_speech';
  else if (words.length < MIN_TRANSCRIPT_WORDS) problem = 'too_few_words';
  else if ((words.length >= 8 && share >= 0.5) || dominantSentenceShare(text) >= 0.5) problem = 'excessive_repetition';
  return { problem, words: words.length, repeatedShare: share };
}
