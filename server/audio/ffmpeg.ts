import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

/** The ffmpeg binary shipped by @ffmpeg-installer/ffmpeg. */
export const FFMPEG_PATH: string = ffmpegInstaller.path;

export interface FfmpegResult {
  /** What ffmpeg wrote to stdout; empty when `onStdout` took it. */
  stdout: Buffer;
  stderr: string;
  exitCode: number | null;
  timedOut: boolean;
  /** True when `onStdout` asked ffmpeg to stop before it was done. */
  stopped: boolean;
}

export interface FfmpegOptions {
  /** ffmpeg is killed after this long. */
  timeoutMs?: number;
  ffmpegPath?: string;
  stdin?: Buffer;
  /** Takes stdout chunk by chunk instead of collecting it; `stop()` kills ffmpeg. */
  onStdout?: (chunk: Buffer, stop: () => void) => void;
}

const STDERR_KEEP = 16 * 1024;

/**
 * Runs ffmpeg with the given arguments, collecting stdout (or handing it to `onStdout`)
 * and the tail of stderr. The process is killed when `timeoutMs` passes, so a hostile
 * file cannot hang a worker.
 */
export function runFfmpeg(
  args: string[],
  { timeoutMs = 120_000, ffmpegPath = FFMPEG_PATH, stdin, onStdout }: FfmpegOptions = {},
): Promise<FfmpegResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, ['-hide_banner', '-nostdin', ...args], {
      stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    let stopped = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const stop = () => {
      if (stopped) return;
      stopped = true;
      child.kill('SIGKILL');
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      if (stopped) return;
      if (onStdout) onStdout(chunk, stop);
      else out.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(out), stderr, exitCode, timedOut, stopped });
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
