import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AiError } from '../ai/errors.ts';
import { lastStderrLine, runFfmpeg } from './ffmpeg.ts';
import { pcmSeconds, pcmToWav, SAMPLE_RATE } from './wav.ts';

/** A recording decoded to what every engine takes: 16 kHz mono s16le PCM. */
export interface NormalisedAudio {
  pcm: Buffer;
  sampleRate: typeof SAMPLE_RATE;
  /** Real duration, measured from the decoded samples (never the client's word). */
  durationSeconds: number;
}

export interface NormaliseOptions {
  /** ffmpeg is killed after this long. */
  timeoutMs?: number;
  /** Longer recordings are refused as too large (default 3 hours). */
  maxDurationSeconds?: number;
  ffmpegPath?: string;
}

export const MAX_RECORDING_SECONDS = 3 * 60 * 60;

/**
 * Decodes any audio a browser records (webm/opus, ogg, mp4/aac, mp3, wav) to 16 kHz mono
 * PCM. Empty, corrupt or non-audio input, or a decoder that hangs, gives
 * AiError('unprocessable_audio') with ffmpeg's own words in `detail`.
 */
export async function normaliseAudio(input: string | Buffer, options: NormaliseOptions = {}): Promise<NormalisedAudio> {
  const maxSeconds = options.maxDurationSeconds ?? MAX_RECORDING_SECONDS;
  // A file, not a pipe: mp4 keeps its index at the end, which a pipe cannot seek to.
  let path = typeof input === 'string' ? input : undefined;
  let tempDir: string | undefined;
  try {
    if (path === undefined) {
      if ((input as Buffer).length === 0) throw new AiError('unprocessable_audio', { detail: 'empty audio' });
      tempDir = await mkdtemp(join(tmpdir(), 'saaga-audio-'));
      path = join(tempDir, 'input');
      await writeFile(path, input as Buffer);
    } else {
      const info = await stat(path).catch(() => undefined);
      if (!info) throw new AiError('unprocessable_audio', { detail: `no such file: ${path}` });
      if (info.size === 0) throw new AiError('unprocessable_audio', { detail: 'empty audio' });
    }
    const result = await runFfmpeg(
      ['-v', 'error', '-i', path, '-map', '0:a:0', '-vn', '-t', String(maxSeconds + 1),
        '-ac', '1', '-ar', String(SAMPLE_RATE), '-acodec', 'pcm_s16le', '-f', 's16le', 'pipe:1'],
      { timeoutMs: options.timeoutMs, ffmpegPath: options.ffmpegPath },
    );
    if (result.timedOut) {
      throw new AiError('unprocessable_audio', { detail: `ffmpeg gave no result within ${options.timeoutMs ?? 120_000} ms` });
    }
    if (result.exitCode !== 0) {
      throw new AiError('unprocessable_audio', {
        detail: `ffmpeg exited with ${result.exitCode}: ${lastStderrLine(result.stderr) || 'no message'}`,
      });
    }
    const pcm = result.stdout.subarray(0, result.stdout.length - (result.stdout.length % 2));
    if (pcm.length === 0) {
      throw new AiError('unprocessable_audio', { detail: `no audio decoded ${lastStderrLine(result.stderr)}`.trim() });
    }
    const durationSeconds = pcmSeconds(pcm);
    if (durationSeconds > maxSeconds) {
      throw new AiError('too_large', { detail: `recording is longer than ${maxSeconds} s` });
    }
    return { pcm, sampleRate: SAMPLE_RATE, durationSeconds };
  } finally {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

/** The normalised audio as a WAV file's bytes. */
export function normalisedWav(audio: NormalisedAudio): Buffer {
  return pcmToWav(audio.pcm);
}
