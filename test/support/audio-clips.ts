import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '../../server/audio/ffmpeg.ts';

/** Browser and common formats, with the ffmpeg arguments that make each. */
export const FORMATS = {
  'webm-opus': { extension: 'webm', args: ['-c:a', 'libopus', '-b:a', '64k', '-f', 'webm'] },
  'ogg-opus': { extension: 'ogg', args: ['-c:a', 'libopus', '-b:a', '64k', '-f', 'ogg'] },
  'ogg-vorbis': { extension: 'oga', args: ['-c:a', 'libvorbis', '-f', 'ogg'] },
  'mp4-aac': { extension: 'm4a', args: ['-c:a', 'aac', '-b:a', '128k', '-f', 'mp4'] },
  mp3: { extension: 'mp3', args: ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'] },
  'wav-44k-stereo': { extension: 'wav', args: ['-ac', '2', '-ar', '44100', '-c:a', 'pcm_s16le', '-f', 'wav'] },
} as const;
export type ClipFormat = keyof typeof FORMATS;

/** A temporary folder for generated clips; call `remove` after the tests. */
export async function clipDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'saaga-clips-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

async function ffmpeg(args: string[]): Promise<void> {
  const result = await runFfmpeg(['-v', 'error', '-y', ...args], { timeoutMs: 60_000 });
  if (result.exitCode !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed: ${result.stderr}`);
}

/** Re-encodes a clip into one of FORMATS. */
export async function encodeClip(source: string, format: ClipFormat, dir: string): Promise<string> {
  const spec = FORMATS[format];
  const out = join(dir, `${format}.${spec.extension}`);
  await ffmpeg(['-i', source, ...spec.args, out]);
  return out;
}

/** Digital silence of the given length (16 kHz mono WAV, or another extension's format). */
export async function silenceClip(seconds: number, dir: string, name = `silence-${seconds}s.wav`): Promise<string> {
  const out = join(dir, name);
  await ffmpeg(['-f', 'lavfi', '-i', `anullsrc=r=16000:cl=mono`, '-t', String(seconds), out]);
  return out;
}

/** White or brown noise of the given length and amplitude. */
export async function noiseClip(seconds: number, dir: string, color: 'white' | 'brown' | 'pink' = 'white', amplitude = 0.3): Promise<string> {
  const out = join(dir, `noise-${color}-${seconds}s.wav`);
  await ffmpeg(['-f', 'lavfi', '-i', `anoisesrc=r=16000:c=${color}:a=${amplitude}:d=${seconds}`, '-ac', '1', out]);
  return out;
}

/** Clips one after another, as one 16 kHz mono WAV (for long recordings). */
export async function concatClips(sources: string[], dir: string, name: string): Promise<string> {
  const out = join(dir, name);
  const inputs = sources.flatMap((s) => ['-i', s]);
  const filter = `${sources.map((_, i) => `[${i}:a]aresample=16000,aformat=channel_layouts=mono[a${i}]`).join(';')};${sources.map((_, i) => `[a${i}]`).join('')}concat=n=${sources.length}:v=0:a=1[out]`;
  await ffmpeg([...inputs, '-filter_complex', filter, '-map', '[out]', '-ac', '1', '-ar', '16000', out]);
  return out;
}

/**
 * A clip played `times` over as one long file of the same format, named by `name`'s extension
 * (a long recording small to upload; copied, not encoded again: an hour of WebM in under a
 * second, where encoding it takes ten).
 */
export async function loopClip(source: string, times: number, dir: string, name: string): Promise<string> {
  const out = join(dir, name);
  await ffmpeg(['-stream_loop', String(times - 1), '-i', source, '-c', 'copy', out]);
  return out;
}
