import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AiError } from '../../contract/ai-errors.ts';
import { makeTempFolder } from '../storage/temp-folders.ts';
import { type AudioType, sniffAudioFile } from './audio-type.ts';
import { decodeToWav, type DecodeOptions } from './decode.ts';
import { pcmToWav, readPcm, SAMPLE_RATE } from './wav.ts';

export type NormaliseOptions = DecodeOptions;

/** A recording decoded to a temporary 16 kHz mono WAV file: what every engine reads. */
export interface NormalisedAudioFile {
  file: string;
  /** Real duration, measured from the decoded samples (never the client's word). */
  durationSeconds: number;
  /** The container the recording came in, sniffed from its bytes. */
  type: AudioType;
}

/** A recording decoded into memory: 16 kHz mono s16le PCM. */
export interface NormalisedAudio {
  pcm: Buffer;
  sampleRate: typeof SAMPLE_RATE;
  durationSeconds: number;
}

const unprocessable = (detail: string) => new AiError('unprocessable_audio', { detail });

/**
 * Runs `use` with a recording (a file, or its bytes) decoded to a temporary 16 kHz mono
 * WAV file, removed afterwards. The container is sniffed from the bytes and ffmpeg is held
 * to it (see `safeInput`). Empty, corrupt, hostile or non-audio input, or a decoder that
 * hangs, gives AiError('unprocessable_audio'); a recording over the length limit, 'too_large'.
 */
export async function withNormalisedAudio<T>(
  input: string | Buffer,
  options: NormaliseOptions,
  use: (audio: NormalisedAudioFile) => Promise<T>,
): Promise<T> {
  const { dir, remove } = await makeTempFolder('decode');
  try {
    let source = input as string;
    if (typeof input !== 'string') {
      source = join(dir, 'input');
      await writeFile(source, input);
    }
    const info = await stat(source).catch(() => undefined);
    if (!info) throw unprocessable(`no such file: ${source}`);
    if (info.size === 0) throw unprocessable('empty audio');
    const type = await sniffAudioFile(source);
    if (!type) throw unprocessable('not audio in a container we take (sniffed from its first bytes)');
    const file = join(dir, 'normalised.wav');
    const durationSeconds = await decodeToWav(source, type, file, options);
    return await use({ file, durationSeconds, type });
  } finally {
    await remove();
  }
}

/** The whole recording decoded into memory, for short clips (tests, benchmarks, narration checks). */
export async function normaliseAudio(input: string | Buffer, options: NormaliseOptions = {}): Promise<NormalisedAudio> {
  return withNormalisedAudio(input, options, async (audio) => ({
    pcm: await readPcm(audio.file),
    sampleRate: SAMPLE_RATE,
    durationSeconds: audio.durationSeconds,
  }));
}

/** The normalised audio as a WAV file's bytes. */
export function normalisedWav(audio: NormalisedAudio): Buffer {
  return pcmToWav(audio.pcm);
}
