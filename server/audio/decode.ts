import { RECORDING_LIMITS } from '../../contract/recording-limits.ts';
import { AiError } from '../../contract/ai-errors.ts';
import type { AudioType } from './audio-type.ts';
import { inDecodeSlot } from './decode-slots.ts';
import type { DecodeKeeper } from './kept-decodes.ts';
import { type FfmpegResult, lastStderrLine, runFfmpeg } from './ffmpeg.ts';
import { BYTES_PER_SECOND, pcmFileSeconds, SAMPLE_RATE } from './wav.ts';

export interface DecodeOptions {
  /** ffmpeg is killed after this long (default 2 minutes). */
  timeoutMs?: number;
  /** Longer recordings are refused as too large (default RECORDING_LIMITS.maxDurationSeconds). */
  maxDurationSeconds?: number;
  ffmpegPath?: string;
}

const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * ffmpeg arguments that read one local file as the given container and nothing else. The
 * demuxer is forced, so ffmpeg never probes: a playlist (HLS), a file list (concat) or any
 * other format that opens further files cannot be chosen by the bytes. Only the `file`
 * protocol is allowed, so nothing is fetched from the network either.
 */
export function safeInput(file: string, type: AudioType): string[] {
  return ['-protocol_whitelist', 'file', '-f', type.demuxer, ...type.demuxerOptions, '-i', `file:${file}`];
}

/** The first audio stream, as every engine takes it: 16 kHz mono s16 PCM. */
const TO_PCM = ['-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-acodec', 'pcm_s16le'];

/**
 * The real duration of a recording in seconds, decoded in a shared decode slot and counted
 * as it streams by (in memory, no PCM is kept; `keep` may write it to a file for the
 * transcription, kept-decodes.ts). Decoding stops as soon as the recording is longer
 * than the limit (AiError too_large); audio ffmpeg cannot read is unprocessable_audio.
 */
export async function measureDuration(file: string, type: AudioType, options: DecodeOptions & { keep?: DecodeKeeper } = {}): Promise<number> {
  const maxSeconds = options.maxDurationSeconds ?? RECORDING_LIMITS.maxDurationSeconds;
  const maxBytes = maxSeconds * BYTES_PER_SECOND;
  const { keep } = options;
  let bytes = 0;
  try {
    const result = await inDecodeSlot(() =>
      runFfmpeg(['-v', 'error', ...safeInput(file, type), ...TO_PCM, '-f', 's16le', 'pipe:1'], {
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        ffmpegPath: options.ffmpegPath,
        onStdout: (chunk, stop) => {
          bytes += chunk.length;
          if (bytes > maxBytes) stop();
          else keep?.write(chunk);
        },
      }),
    );
    if (result.stopped) throw tooLong(maxSeconds);
    checkFinished(result, options);
    if (bytes < 2) throw new AiError('unprocessable_audio', { detail: `no audio decoded ${lastStderrLine(result.stderr)}`.trim() });
    keep?.keep(bytes / BYTES_PER_SECOND);
    return bytes / BYTES_PER_SECOND;
  } finally {
    keep?.drop(); // nothing when kept
  }
}

/**
 * Decodes a recording to a 16 kHz mono WAV file at `out` in a shared decode slot, and
 * answers its duration in seconds. The same refusals as `measureDuration`.
 */
export async function decodeToWav(file: string, type: AudioType, out: string, options: DecodeOptions = {}): Promise<number> {
  const maxSeconds = options.maxDurationSeconds ?? RECORDING_LIMITS.maxDurationSeconds;
  const result = await inDecodeSlot(() =>
    runFfmpeg(
      ['-v', 'error', ...safeInput(file, type), ...TO_PCM, '-t', String(maxSeconds + 1),
        '-map_metadata', '-1', '-fflags', '+bitexact', '-f', 'wav', `file:${out}`],
      { timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, ffmpegPath: options.ffmpegPath },
    ),
  );
  checkFinished(result, options);
  const seconds = await pcmFileSeconds(out);
  if (seconds === 0) throw new AiError('unprocessable_audio', { detail: `no audio decoded ${lastStderrLine(result.stderr)}`.trim() });
  if (seconds > maxSeconds) throw tooLong(maxSeconds);
  return seconds;
}

function checkFinished(result: FfmpegResult, options: DecodeOptions): void {
  if (result.timedOut) {
    throw new AiError('unprocessable_audio', { detail: `ffmpeg gave no result within ${options.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms` });
  }
  if (result.exitCode !== 0) {
    throw new AiError('unprocessable_audio', {
      detail: `ffmpeg exited with ${result.exitCode}: ${lastStderrLine(result.stderr) || 'no message'}`,
    });
  }
}

const tooLong = (maxSeconds: number) => new AiError('too_large', { detail: `recording is longer than ${maxSeconds} s` });
