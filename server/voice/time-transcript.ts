import type { TranscriptTimings } from '../../contract/voice.ts';
import type { HeardRecording } from '../ai/transcribe-recording.ts';
import type { SpeechDetector } from '../ai/vad.ts';
import { alignToSpeech } from './align.ts';
import { timingsFromEngine } from './engine-timings.ts';

export interface TimeTranscriptInput extends HeardRecording {
  /** The voice detection, to look at the whole recording when the speech check stopped early. */
  detector: Pick<SpeechDetector, 'isAvailable' | 'detectFile'>;
  /** The speaker's language (the transcript's own when not given). */
  language?: string;
  log?: (level: 'warn', message: string) => void;
}

/** No times can be had: the listening editor shows the plain text. */
const NO_TIMES: TranscriptTimings = { source: 'none', sentences: [] };

/**
 * Where each sentence of a new transcript was said (decision 037), as the transcription
 * job asks for it (transcribeRecording's `time`): the engine's own times
 * when it gave any, else the text aligned to the speech the voice detection hears in the
 * whole recording (looked at again when the speech check stopped at its verdict); `none`
 * with no detection model, or when it fails. Never throws for a timing problem (the
 * transcript, maybe paid for, is kept whatever happens here): null when timing itself went
 * wrong, so the background pass tries again later.
 */
export async function timeTranscript(input: TimeTranscriptInput): Promise<TranscriptTimings | null> {
  const { transcript, signal } = input;
  const language = input.language ?? transcript.language;
  try {
    const fromEngine = timingsFromEngine(transcript, language);
    if (fromEngine) return fromEngine;
    const speech = await speechOfWholeRecording(input);
    return speech ? alignToSpeech(transcript.text, speech, language) : NO_TIMES;
  } catch (error) {
    if (signal?.aborted) throw error;
    input.log?.('warn', `Timing the transcript failed, left for the background pass: ${(error as Error).message}`);
    return null;
  }
}

/** The speech found in the whole recording; null when there is no detection to be had. */
async function speechOfWholeRecording(input: TimeTranscriptInput): Promise<{ start: number; end: number }[] | null> {
  const { speech, detector, file, signal } = input;
  if (speech && speech.complete !== false) return speech.segments;
  if (!detector.isAvailable()) return null;
  try {
    return await detector.detectFile(file, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    input.log?.('warn', `VAD failed, the transcript has no times: ${(error as Error).message}`);
    return null;
  }
}
