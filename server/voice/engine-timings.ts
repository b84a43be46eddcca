import type { TimedWord, TranscriptTimings } from '../../contract/voice.ts';
import type { Transcript, TranscriptSegment } from '../ai/ports.ts';
import { timeWords } from './match-words.ts';
import { sentencesWithWords } from './sentence-words.ts';

/**
 * A transcript's timings from what the engine gave: its words' times (`source: 'words'`), else
 * its segments' (`'segments'`, sentences inside a segment sharing its span by length); null
 * when it gave none, so the caller aligns the text to the voice detection's speech instead.
 * The sentences are the transcript text's own (`sentencesOf`), whatever the engine's words
 * look like: they are matched to the text in order, not trusted to spell it.
 */
export function timingsFromEngine(transcript: Pick<Transcript, 'text' | 'segments' | 'words'>, language?: string): TranscriptTimings | null {
  const fromWords = Boolean(transcript.words?.length);
  const engineWords = fromWords ? transcript.words! : segmentWords(transcript.segments);
  if (engineWords.length === 0) return null;
  const sentences = sentencesWithWords(transcript.text, language);
  if (sentences.length === 0) return null;

  const times = timeWords(sentences.flatMap((sentence) => sentence.words), engineWords);
  let next = 0;
  return {
    source: fromWords ? 'words' : 'segments',
    sentences: sentences.map((sentence) => {
      const words = sentence.words.map((text) => ({ text, ...times[next++]! }));
      const timed = {
        text: sentence.text,
        start: words[0]!.start,
        end: Math.max(...words.map((word) => word.end)),
      };
      // Word times only where the engine gave them: a segment's share is an estimate.
      return fromWords ? { ...timed, words } : timed;
    }),
  };
}

/** A segment's words, sharing its span by their length (its sentences then share it the same way). */
export function segmentWords(segments: TranscriptSegment[]): TimedWord[] {
  return segments.flatMap((segment) => {
    const words = segment.text.split(/\s+/).filter(Boolean);
    const total = words.reduce((sum, word) => sum + word.length, 0);
    const span = Math.max(0, segment.end - segment.start);
    let done = 0;
    return words.map((text) => {
      const start = segment.start + (span * done) / total;
      done += text.length;
      return { text, start, end: segment.start + (span * done) / total };
    });
  });
}
