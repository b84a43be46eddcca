import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';

/** Decoded audio of a recording: one channel's samples (-1..1), their rate, and the file's size. */
export interface DecodedRecording {
  samples: Float32Array;
  sampleRate: number;
  byteSize: number;
}

function rootMeanSquare(samples: Float32Array, start: number, end: number): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / (end - start));
}

/**
 * Whether a recording has speech (spec 5): a file under 1024 bytes is silent; otherwise each
 * 0.1 s window whose RMS level is above 0.01 is speech, and the recording has speech when
 * those windows add up to at least 0.3 s or the mean window level is above 0.003.
 */
export function detectSpeech({ samples, sampleRate, byteSize }: DecodedRecording): boolean {
  const limits = RECORDING_LIMITS;
  if (byteSize < limits.speechCheckMinBytes) return false;
  const windowLength = Math.max(1, Math.round(sampleRate * limits.speechWindowSeconds));
  // Counted in whole windows, so 3 windows of 0.1 s are 0.3 s despite floating point.
  const speechWindowsNeeded = Math.ceil(limits.minSpeechSeconds / limits.speechWindowSeconds - 1e-9);
  let windows = 0;
  let speechWindows = 0;
  let levelSum = 0;
  for (let start = 0; start < samples.length; start += windowLength) {
    const level = rootMeanSquare(samples, start, Math.min(start + windowLength, samples.length));
    windows++;
    levelSum += level;
    if (level > limits.speechWindowLevel) speechWindows++;
  }
  if (windows === 0) return false;
  return speechWindows >= speechWindowsNeeded || levelSum / windows > limits.minMeanLevel;
}
