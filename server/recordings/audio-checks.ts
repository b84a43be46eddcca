import { RECORDING_LIMITS } from '../../contract/recording-limits.ts';
import { AiError } from '../ai/errors.ts';
import { type AudioType, sniffAudioFile } from '../audio/audio-type.ts';
import { measureDuration } from '../audio/decode.ts';
import type { DecodeKeeper } from '../audio/kept-decodes.ts';
import { uploadRefusal } from './upload-errors.ts';

export interface CheckedAudio {
  type: AudioType;
  durationSeconds: number;
}

/**
 * The checks every recording passes before it is stored, whichever way it comes (an upload,
 * an imported archive): its type sniffed from its first bytes (never its name), its real
 * duration measured by decoding it, refused past the length limit or under a second.
 * Throws the upload's refusal (`uploadRefusal`); `keep` may keep the decode for the transcription.
 */
export async function checkRecordingAudio(file: string, options: { keep?: (type: AudioType) => DecodeKeeper | undefined } = {}): Promise<CheckedAudio> {
  const type = await sniffAudioFile(file);
  if (!type) throw uploadRefusal.unprocessable();
  let durationSeconds: number;
  try {
    durationSeconds = await measureDuration(file, type, { keep: options.keep?.(type) });
  } catch (error) {
    if (error instanceof AiError) throw error.code === 'too_large' ? uploadRefusal.tooLarge() : uploadRefusal.unprocessable();
    throw error;
  }
  if (durationSeconds < RECORDING_LIMITS.minDurationSeconds) throw uploadRefusal.tooShort();
  return { type, durationSeconds };
}
