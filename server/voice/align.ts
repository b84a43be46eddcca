import type { TranscriptTimings } from '../../contract/voice.ts';
import type { SpeechSegment } from '../audio/split.ts';

/**
 * Times for a transcript whose engine gave none: its sentences placed on the speech the voice
 * detection found (`source: 'aligned'`; `'none'` with no speech).
 */
export function alignToSpeech(_text: string, _speech: SpeechSegment[], _language?: string): TranscriptTimings {
  throw new Error('not written yet (issue 29, voice-align)');
}
