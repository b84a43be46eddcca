import type { SpeechSegment } from './split.ts';
import { readPcm, SAMPLE_RATE } from './wav.ts';

/** Loudness is measured over frames this long (seconds). */
const FRAME_SECONDS = 0.1;
/** A frame quieter than this (dBFS) is quiet whatever the rest of the recording is like. */
export const QUIET_DBFS = -55;
/** A frame stands out when it is this much louder (dB) than the recording's floor. */
export const STANDS_OUT_DB = 10;
/** The floor: the level this share of the frames stays under (steady hum, hiss, a fan). */
const FLOOR_PERCENTILE = 0.1;
/** Loud frames this close together (seconds) are one stretch; each stretch gets this much around it. */
const JOIN_SECONDS = 2;
const PAD_SECONDS = 1;
/** The file is read this many seconds at a time. */
const READ_SECONDS = 60;

/**
 * The stretches of a normalised WAV file that stand out from its own floor: frames of
 * 100 ms at least STANDS_OUT_DB over the level 10 % of the frames stay under, and over
 * QUIET_DBFS. Digital silence or a steady noise has none; a voice in a quiet room, a
 * cough or a door does. Cheap (a sum of squares over the samples, about a second for
 * two hours of audio, where the VAD takes minutes): it tells where the VAD must look, not
 * whether anyone speaks. Read a minute at a time; `signal` is checked between reads.
 */
export async function loudStretches(file: string, seconds: number, signal?: AbortSignal): Promise<SpeechSegment[]> {
  const frameSamples = Math.round(FRAME_SECONDS * SAMPLE_RATE);
  const levels = new Float32Array(Math.ceil(seconds / FRAME_SECONDS));
  let frames = 0;
  for (let start = 0; start < seconds; start += READ_SECONDS) {
    signal?.throwIfAborted();
    const pcm = await readPcm(file, { start, end: Math.min(seconds, start + READ_SECONDS) });
    const samples = new Int16Array(pcm.buffer, pcm.byteOffset, pcm.length >> 1);
    for (let at = 0; at < samples.length && frames < levels.length; at += frameSamples, frames += 1) {
      const end = Math.min(samples.length, at + frameSamples);
      let sum = 0;
      for (let i = at; i < end; i += 1) sum += samples[i]! * samples[i]!;
      levels[frames] = dbfs(Math.sqrt(sum / (end - at)) / 32768);
    }
  }
  const measured = levels.subarray(0, frames);
  if (frames === 0) return [];
  const sorted = Float32Array.from(measured).sort();
  const floor = sorted[Math.floor((frames - 1) * FLOOR_PERCENTILE)]!;
  const threshold = Math.max(QUIET_DBFS, floor + STANDS_OUT_DB);

  const stretches: SpeechSegment[] = [];
  for (let i = 0; i < frames; i += 1) {
    if (measured[i]! < threshold) continue;
    const start = Math.max(0, i * FRAME_SECONDS - PAD_SECONDS);
    const end = Math.min(seconds, (i + 1) * FRAME_SECONDS + PAD_SECONDS);
    const last = stretches.at(-1);
    if (last && start <= last.end + JOIN_SECONDS) last.end = end;
    else stretches.push({ start, end });
  }
  return stretches;
}

const dbfs = (rms: number) => (rms > 0 ? 20 * Math.log10(rms) : -Infinity);
