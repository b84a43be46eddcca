import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runFfmpeg } from '../../server/audio/ffmpeg.ts';

/** A webm/opus tone of the given length: audio that is real but too short. */
export async function toneClip(seconds: number, dir: string): Promise<string> {
  const out = join(dir, `tone-${seconds}s.webm`);
  const result = await runFfmpeg(['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=440:r=16000', '-t', String(seconds), '-c:a', 'libopus', out], {
    timeoutMs: 60_000,
  });
  if (result.exitCode !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
  return out;
}

/** The first `fraction` of a file's bytes: a recording cut off mid-stream. */
export function truncatedCopy(file: string, fraction: number, dir: string): string {
  const bytes = readFileSync(file);
  const out = join(dir, `truncated-${fraction}-${file.split('/').pop()}`);
  writeFileSync(out, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return out;
}
