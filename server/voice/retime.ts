import type { TranscriptTimings } from '../../contract/voice.ts';

/**
 * The timings of a transcript corrected by hand: an unchanged word keeps its time, an edited
 * word takes the place of the one it replaced, a sentence rewritten keeps its span.
 */
export function retime(_before: TranscriptTimings, _text: string, _language?: string): TranscriptTimings {
  throw new Error('not written yet (issue 29, voice-retime)');
}
