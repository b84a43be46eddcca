import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';
import { detectSpeech } from './detectSpeech.ts';

/**
 * Whether a recording has speech, decoded in the browser. Under 1024 bytes it is silent
 * without decoding; a recording the browser cannot decode is let through (spec 5), and the
 * server checks it again.
 */
export async function recordingHasSpeech(audio: Blob): Promise<boolean> {
  if (audio.size < RECORDING_LIMITS.speechCheckMinBytes) return false;
  let context: AudioContext | null = null;
  try {
    context = new AudioContext();
    const buffer = await context.decodeAudioData(await audio.arrayBuffer());
    return detectSpeech({ samples: buffer.getChannelData(0), sampleRate: buffer.sampleRate, byteSize: audio.size });
  } catch {
    return true;
  } finally {
    void context?.close().catch(() => undefined);
  }
}
