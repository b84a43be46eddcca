import type { TranscribeResult } from '@fugood/whisper.node';
import type { TimedWord } from '../../../contract/voice.ts';

/**
 * @fugood/whisper.node gives segment times in milliseconds (whisper.cpp's 10 ms units times
 * ten: `createTranscribeResult` in its src/common.cpp).
 */
export const WHISPER_TIME_UNITS_PER_SECOND = 1000;

/**
 * Words and their times from whisper.cpp run with `tokenTimestamps` and `maxLen: 1` (its
 * `-ml 1`): a segment per token. A token starting with a space starts a word; one without
 * goes on the word before ("Ameri" "cans", "farm" "."). Seconds from `offset` (the piece's
 * start). A token can hold half a letter (whisper's tokens are bytes): its word's text may
 * then show U+FFFD, which is why timings take the text from the transcript, not from here.
 */
export function wordsFromTokens(segments: TranscribeResult['segments'], offset = 0): TimedWord[] {
  const words: TimedWord[] = [];
  let open = false; // whether the next token may go on the last word
  for (const { text, t0, t1 } of segments) {
    const start = offset + t0 / WHISPER_TIME_UNITS_PER_SECOND;
    const end = offset + Math.max(t0, t1) / WHISPER_TIME_UNITS_PER_SECOND;
    // A token may hold a space inside too: each space starts a word at the token's time.
    const parts = text.split(/(\s+)/);
    for (const part of parts) {
      if (part === '') continue;
      if (/^\s+$/.test(part)) {
        open = false;
        continue;
      }
      const last = words.at(-1);
      if (open && last) {
        last.text += part;
        last.end = Math.max(last.end, end);
      } else {
        words.push({ text: part, start, end });
        open = true;
      }
    }
  }
  return words;
}
