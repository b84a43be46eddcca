import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/** The ffmpeg binary shipped by @ffmpeg-installer/ffmpeg. */
export const FFMPEG_PATH: string = ffmpegInstaller.path;

export interface FfmpegResult {
  stdout: Buffer;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
}

const STDERR_KEEP = 16 * 1024;

/**
 * Runs ffmpeg with the given arguments, collecting stdout and the tail of stderr.
 * The process is killed when `timeoutMs` passes, so a hostile file cannot hang a worker.
 */
export function runFfmpeg(
  args: string[],
  { timeoutMs = 120_000, ffmpegPath = FFMPEG_PATH, stdin }: { timeoutMs?: number; ffmpegPath?: string; stdin?: Buffer } = {},
): Promise<FfmpegResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', ...args], {
      stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(out), stderr, exitCode, timedOut });
    });
    if (stdin && child.stdin) {
      child.stdin.on('error', () => {}); // ffmpeg may close its input early on bad data
      child.stdin.end(stdin);
    }
  });
}

/** The last meaningful line ffmpeg wrote, for error details. */
export function lastStderrLine(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.at(-1) ?? '';
}
