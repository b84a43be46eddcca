/*
 * A long text spoken in pieces: OpenAI's speech endpoint takes at most 4096 characters per
 * request, and the narration job speaks a story piece by piece whichever narrator runs.
 */

/** The speech endpoint takes at most 4096 characters per request. */
export const MAX_SPEECH_CHARS = 4000;

/** Pieces of text no longer than `max`, cut after sentences (or words when a sentence is longer). */
export function splitForSpeech(text: string, max = MAX_SPEECH_CHARS): string[] {
  const sentences = text.match(/[^.!?\n]+[.!?]*\s*|\n+/g) ?? [text];
  const pieces: string[] = [];
  let current = '';
  const push = (s: string) => {
    if ((current + s).length > max && current.trim()) {
      pieces.push(current.trim());
      current = '';
    }
    current += s;
  };
  for (const sentence of sentences) {
    if (sentence.length <= max) push(sentence);
    else for (const word of sentence.split(/(?<=\s)/)) push(word);
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces;
}
