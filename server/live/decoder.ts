import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { LiveFormat } from '../../contract/live.ts';
import { AiError } from '../ai/errors.ts';
import { FFMPEG_PATH, lastStderrLine } from '../audio/ffmpeg.ts';
import { SAMPLE_RATE } from '../audio/wav.ts';
import { LIVE_DEMUXERS } from './formats.ts';
import { hold } from './resources.ts';

const STDERR_KEEP = 4 * 1024;

/**
 * One ffmpeg process per live stream: the recorder's chunks go in on stdin as they come,
 * 16 kHz mono s16le PCM comes out on stdout as soon as it is decoded. The container is
 * forced (never probed) and only the pipe protocol is allowed, so the bytes cannot make
 * ffmpeg open a file or the network.
 */
export class LiveDecoder {
  private readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  private readonly release = hold('decoders');
  private carry: Buffer | undefined;
  private stderr = '';
  private ending = false;
  private killed = false;
  private decodedBytes = 0;
  private readonly exited: Promise<number | null>;

  constructor(
    format: LiveFormat,
    private readonly onPcm: (pcm: Int16Array) => void,
    /** ffmpeg gave up on the stream before it was ended (bytes it cannot read). */
    private readonly onFailure: (error: AiError) => void,
    ffmpegPath = FFMPEG_PATH,
  ) {
    this.child = spawn(ffmpegPath, [
      '-hide_banner', '-nostdin', '-v', 'error',
      // Decode each packet as it arrives rather than reading ahead for stream details.
      '-fflags', 'nobuffer', '-probesize', '32', '-analyzeduration', '0',
      '-protocol_whitelist', 'pipe', ...LIVE_DEMUXERS[format], '-i', 'pipe:0',
      '-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-acodec', 'pcm_s16le',
      '-flush_packets', '1', '-f', 's16le', 'pipe:1',
    ], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdin.on('error', () => {}); // ffmpeg closes its input when it gives up; the exit says why
    this.child.stdout.on('data', (chunk: Buffer) => this.output(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    this.child.on('close', () => this.release());
    // 'close' would wait for our end of stdin; 'exit' is ffmpeg itself giving up. Its last
    // output may still be in the pipe: `end` waits for stdout to finish as well.
    const stdoutDone = new Promise<void>((resolve) => this.child.stdout.on('close', () => resolve()));
    const exit = new Promise<number | null>((resolve) => {
      this.child.on('error', () => resolve(null));
      this.child.on('exit', (code) => resolve(code));
    });
    this.exited = Promise.all([exit, stdoutDone]).then(([code]) => code);
    void exit.then((code) => {
      this.child.stdin.destroy();
      if (!this.ending && !this.killed) this.onFailure(this.failure(code));
    });
  }

  /** Bytes of the recorder's stream, in order. */
  write(bytes: Buffer): void {
    if (this.ending || this.killed) return;
    this.child.stdin.write(bytes);
  }

  /** No more bytes: resolves once every last sample is out; refuses a stream nothing could be decoded from. */
  async end(): Promise<void> {
    this.ending = true;
    this.child.stdin.end();
    const code = await this.exited;
    if (this.killed) return;
    // A cut-off last chunk may make ffmpeg complain at the very end; the audio before it stands.
    if (code !== 0 && this.decodedBytes === 0) throw this.failure(code);
  }

  /** Stops at once: the connection dropped or the stream failed. */
  kill(): void {
    if (this.killed) return;
    this.killed = true;
    this.carry = undefined;
    this.child.kill('SIGKILL');
  }

  private output(chunk: Buffer): void {
    if (this.killed) return;
    let bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = undefined;
    if (bytes.length % 2 === 1) {
      this.carry = Buffer.from(bytes.subarray(bytes.length - 1));
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    if (bytes.length === 0) return;
    this.decodedBytes += bytes.length;
    // A copy: an Int16Array needs an aligned offset, and the engine may keep the samples.
    const samples = new Int16Array(bytes.length / 2);
    Buffer.from(samples.buffer).set(bytes);
    this.onPcm(samples);
  }

  private failure(code: number | null): AiError {
    return new AiError('unprocessable_audio', {
      detail: `ffmpeg exited with ${code}: ${lastStderrLine(this.stderr) || 'no message'}`,
    });
  }
}
