import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The shared speech clips (tests and CI only; the app never reads them). */
export const SHARED_AUDIO_DIR = path.resolve(process.env.SHARED_AUDIO_DIR ?? path.join(root, '..', 'shared', 'audio'));
export const SHARED_MODELS_DIR = path.resolve(process.env.MODELS_DIR ?? path.join(root, '..', 'shared', 'models'));

const workDir = mkdtempSync(path.join(tmpdir(), 'saaga-clips-'));

export const sharedClip = (name: string) => path.join(SHARED_AUDIO_DIR, name);

/** Converts a clip to a browser format with ffmpeg; returns the new file's path. */
export function convertClip(input: string, format: 'webm' | 'ogg' | 'mp4' | 'mp3' | 'wav', extraArgs: string[] = []): string {
  const codec = { webm: ['-c:a', 'libopus'], ogg: ['-c:a', 'libopus'], mp4: ['-c:a', 'aac'], mp3: ['-c:a', 'libmp3lame'], wav: [] }[format];
  const output = path.join(workDir, `${path.basename(input, path.extname(input))}-${Math.random().toString(36).slice(2)}.${format === 'mp4' ? 'm4a' : format}`);
  execFileSync(ffmpeg.path, ['-v', 'error', '-y', '-i', input, ...extraArgs, ...codec, output]);
  return output;
}

/** A generated clip: silence or noise of the given length, in the given format. */
export function generatedClip(kind: 'silence' | 'noise' | 'tone', seconds: number, format: 'webm' | 'wav' = 'wav'): string {
  const source = {
    silence: 'anullsrc=r=16000:cl=mono',
    noise: 'anoisesrc=r=16000:a=0.3',
    tone: 'sine=f=440:r=16000',
  }[kind];
  const output = path.join(workDir, `${kind}-${seconds}-${Math.random().toString(36).slice(2)}.${format}`);
  execFileSync(ffmpeg.path, ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, '-t', String(seconds), ...(format === 'webm' ? ['-c:a', 'libopus'] : []), output]);
  return output;
}

/** The first `fraction` of a file's bytes: a recording cut off mid-stream. */
export function truncatedCopy(file: string, fraction: number): string {
  const bytes = readFileSync(file);
  const output = path.join(workDir, `truncated-${path.basename(file)}`);
  writeFileSync(output, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return output;
}

export function fileWith(name: string, content: string | Buffer): string {
  const output = path.join(workDir, name);
  writeFileSync(output, content);
  return output;
}
