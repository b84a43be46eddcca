import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { sweepStaleTempFolders } from '../storage/temp-folders.ts';
import { pcmToWav } from './wav.ts';

/** At most this much decoded audio waits on disk for its job (a 2-hour recording is 230 MB). */
export const KEPT_DECODES_MAX_BYTES = 512 * 1024 * 1024;
/** A decode its job has not taken by then is removed: the job decodes the stored file itself. */
export const KEPT_DECODE_MAX_AGE_MS = 5 * 60 * 1000;

const FOLDER_PREFIX = 'saaga-decoded-';

/** A recording decoded to a 16 kHz mono WAV file (streamed: its header gives no sizes). */
export interface KeptDecode {
  file: string;
  durationSeconds: number;
}

/** Where one upload's PCM goes while ffmpeg decodes it; every call is synchronous and never throws. */
export interface DecodeKeeper {
  write(chunk: Buffer): void;
  /** The decode is whole and accepted: it waits for its job. */
  keep(durationSeconds: number): void;
  /** The decode failed or was refused: nothing is kept. */
  drop(): void;
}

interface Entry extends KeptDecode {
  bytes: number;
  at: number;
}

/**
 * Uploads decoded once. The upload decodes a recording anyway, to measure it; when this
 * process also runs the transcription (the embedded default), that PCM is written to a
 * local temporary file for the transcription job, which then runs no ffmpeg of its own.
 * The decode is the upload's, with its safety (forced format, no network, time and
 * length limits): only where its samples go changes. Bounded by bytes on disk and by age;
 * a job that runs in another process, or finds nothing kept, decodes the stored file as
 * before. Off until the pipeline's workers start in this process.
 */
export class KeptDecodes {
  private dir: string | undefined;
  private users = 0;
  private readonly entries = new Map<string, Entry>();
  private writing = 0;

  constructor(private readonly limits = { maxBytes: KEPT_DECODES_MAX_BYTES, maxAgeMs: KEPT_DECODE_MAX_AGE_MS }) {}

  /** Workers run here from now on: keep decodes for them. */
  enable(): void {
    this.users += 1;
    if (this.dir) return;
    // Folders a crashed process left (its id in the name, no such process now) go first.
    sweepStaleTempFolders({ kinds: ['decoded'] });
    this.dir = mkdtempSync(join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
  }

  /** One set of workers stopped; with the last, every kept decode is removed. */
  async disable(): Promise<void> {
    this.users = Math.max(0, this.users - 1);
    if (this.users > 0) return;
    const dir = this.dir;
    this.dir = undefined;
    this.entries.clear();
    if (dir) await rm(dir, { recursive: true, force: true });
  }

  /** A keeper for the decode of `key` (the recording's storage key), or undefined when none is kept here. */
  keeper(key: string): DecodeKeeper | undefined {
    this.sweep();
    const dir = this.dir;
    if (!dir || this.entries.has(key)) return undefined;
    const file = join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.wav`);
    let fd: number | undefined;
    let bytes = 0;
    let state: 'writing' | 'kept' | 'dropped' = 'writing';
    const close = () => {
      if (fd === undefined) return;
      this.writing -= bytes;
      try {
        closeSync(fd);
      } catch {
        // nothing to do: the file is removed or kept as written
      }
      fd = undefined;
    };
    const drop = () => {
      if (state !== 'writing') return;
      state = 'dropped';
      close();
      rmSync(file, { force: true });
    };
    try {
      fd = openSync(file, 'wx', 0o600);
      writeSync(fd, pcmToWav(Buffer.alloc(0)));
    } catch {
      drop();
      return undefined;
    }
    return {
      write: (chunk) => {
        if (state !== 'writing' || fd === undefined) return;
        // Over the bound (or the disk full): this one is not kept; its job decodes as before.
        if (this.keptBytes() + this.writing + chunk.length > this.limits.maxBytes) return drop();
        try {
          writeSync(fd, chunk);
          bytes += chunk.length;
          this.writing += chunk.length;
        } catch {
          drop();
        }
      },
      keep: (durationSeconds) => {
        if (state !== 'writing' || fd === undefined || this.dir !== dir) return drop();
        state = 'kept';
        try {
          // The header's sizes, now that they are known.
          const header = pcmToWav(Buffer.alloc(0));
          header.writeUInt32LE(36 + bytes, 4);
          header.writeUInt32LE(bytes, 40);
          writeSync(fd, header, 0, header.length, 0);
        } catch {
          state = 'writing';
          return drop();
        }
        close();
        this.entries.set(key, { file, durationSeconds, bytes, at: Date.now() });
      },
      drop,
    };
  }

  /** The kept decode of `key`, now the caller's to use and remove; undefined when none is here. */
  take(key: string): KeptDecode | undefined {
    this.sweep();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    return { file: entry.file, durationSeconds: entry.durationSeconds };
  }

  /** The upload was refused after its decode: its kept decode goes now rather than by age. */
  forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    rmSync(entry.file, { force: true });
  }

  private keptBytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.bytes;
    return total;
  }

  private sweep(): void {
    const oldest = Date.now() - this.limits.maxAgeMs;
    for (const [key, entry] of this.entries) {
      if (entry.at >= oldest) continue;
      this.entries.delete(key);
      rmSync(entry.file, { force: true });
    }
  }
}

/** This process's kept decodes: uploads put them, the transcription job takes them. */
export const keptDecodes = new KeptDecodes();
