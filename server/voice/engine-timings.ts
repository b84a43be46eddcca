import type { TranscriptTimings } from '../../contract/voice.ts';
import type { Transcript } from '../ai/ports.ts';

/**
 * A transcript's timings from what the engine gave: its words' times (`source: 'words'`), else
 * its segments' (`'segments'`, sentences inside a segment sharing its span by length); null
 * when it gave none, so the caller aligns the text to the voice detection's speech instead.
 */
export function timingsFromEngine(_transcript: Transcript, _language?: string): TranscriptTimings | null {
  throw new Error('not written yet (issue 29, voice-engines)');
}
