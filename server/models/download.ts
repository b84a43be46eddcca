import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { modelPath, type ModelEntry } from './catalogue.ts';

export interface DownloadProgress {
  file: string;
  received: number;
  /** null when neither the catalogue nor the server says. */
  total: number | null;
}

export type DownloadErrorKind = 'offline' | 'http' | 'checksum' | 'size' | 'stalled' | 'cut';

/** A download that did not give a good file; `message` is one line a person can act on. */
export class DownloadError extends Error {
  constructor(readonly kind: DownloadErrorKind, message: string) {
    super(message);
    this.name = 'DownloadError';
  }
}

export interface DownloadOptions {
  modelsDir: string;
  onProgress?: (progress: DownloadProgress) => void;
  /** Called with the loud warning about a missing checksum, and similar. */
  warn?: (message: string) => void;
  /** Abort when no byte arrives for this long. */
  stallTimeoutMs?: number;
  /** Hash an existing file before trusting it (default true). */
  verifyExisting?: boolean;
  signal?: AbortSignal;
}

export interface DownloadResult {
  path: string;
  sha256: string;
  /** The file was already there and good. */
  skipped: boolean;
  /** Bytes that were already in the .part file from an earlier, cut download. */
  resumedFrom: number;
}

const OFFLINE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ENETUNREACH', 'EHOSTUNREACH', 'ECONNRESET',
  'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET', 'ETIMEDOUT']);

function offlineError(url: string, error: unknown): DownloadError | undefined {
  const cause = (error as { cause?: { code?: string } })?.cause;
  const code = cause?.code ?? (error as { code?: string })?.code;
  if (code && OFFLINE_CODES.has(code)) {
    return new DownloadError('offline', `Cannot reach ${new URL(url).host} (${code}): this machine looks offline, so no model was downloaded.`);
  }
  return undefined;
}

async function hashFile(path: string, hash: Hash = createHash('sha256')): Promise<Hash> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash;
}

async function sizeOf(path: string): Promise<number | undefined> {
  return (await stat(path).catch(() => undefined))?.size;
}

function checkResult(entry: ModelEntry, size: number, sha256: string, warn: (m: string) => void): void {
  if (entry.size !== null && size !== entry.size) {
    throw new DownloadError('size', `${entry.file}: got ${size} bytes, expected ${entry.size}; the download was removed, run it again.`);
  }
  if (entry.sha256 === null) {
    warn(`WARNING: ${entry.file} has no checksum in the model catalogue, so it was NOT verified. `
      + `Its sha256 is ${sha256}; record it in server/models/catalogue.ts.`);
  } else if (sha256 !== entry.sha256) {
    throw new DownloadError('checksum', `${entry.file}: checksum mismatch (got ${sha256}, expected ${entry.sha256}); the download was removed.`);
  }
}

/**
 * Downloads one model into MODELS_DIR: resumes a cut download from its .part file with an
 * HTTP Range request, reports progress, verifies size and sha256, and only then renames it
 * into place. A file already there is checked and kept.
 */
export async function downloadModel(entry: ModelEntry, options: DownloadOptions): Promise<DownloadResult> {
  const warn = options.warn ?? ((m: string) => console.warn(m));
  const target = modelPath(options.modelsDir, entry);
  const part = `${target}.part`;
  await mkdir(dirname(target), { recursive: true });

  const existing = await sizeOf(target);
  if (existing !== undefined) {
    if (options.verifyExisting === false) return { path: target, sha256: entry.sha256 ?? '', skipped: true, resumedFrom: 0 };
    const sha256 = (await hashFile(target)).digest('hex');
    if ((entry.sha256 === null || sha256 === entry.sha256) && (entry.size === null || existing === entry.size)) {
      return { path: target, sha256, skipped: true, resumedFrom: 0 };
    }
    warn(`${entry.file} is there but does not match the catalogue; downloading it again.`);
    await rm(target, { force: true });
  }

  let offset = (await sizeOf(part)) ?? 0;
  if (entry.size !== null && offset > entry.size) {
    await truncate(part, 0);
    offset = 0;
  }

  const stall = new AbortController();
  const stallMs = options.stallTimeoutMs ?? 30_000;
  let stallTimer = setTimeout(() => stall.abort(), stallMs);
  const resetStall = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => stall.abort(), stallMs);
  };
  const signal = options.signal ? AbortSignal.any([options.signal, stall.signal]) : stall.signal;

  try {
    let response: Response;
    try {
      response = await fetch(entry.url, { headers: offset > 0 ? { Range: `bytes=${offset}-` } : {}, signal });
    } catch (error) {
      if (stall.signal.aborted) throw new DownloadError('stalled', `${entry.file}: no answer from ${new URL(entry.url).host} within ${stallMs} ms.`);
      if (options.signal?.aborted) throw error;
      const cause = (error as { cause?: Error }).cause?.message ?? (error as Error).message;
      throw offlineError(entry.url, error) ?? new DownloadError('http', `${entry.file}: cannot fetch ${entry.url}: ${cause}.`);
    }

    let resumedFrom = 0;
    const hash = createHash('sha256');
    if (response.status === 206 && offset > 0) {
      const range = response.headers.get('content-range') ?? '';
      if (!range.startsWith(`bytes ${offset}-`)) {
        throw new DownloadError('http', `${entry.file}: server resumed at the wrong place (${range}).`);
      }
      resumedFrom = offset;
      await hashFile(part, hash);
    } else if (response.status === 416 && offset > 0) {
      // The .part file already holds everything: verify it below.
      await response.body?.cancel();
      resumedFrom = offset;
      await hashFile(part, hash);
    } else if (response.ok) {
      offset = 0; // the server ignored the range: start over
    } else {
      await response.body?.cancel();
      throw new DownloadError('http', `${entry.file}: ${entry.url} answered ${response.status} ${response.statusText}.`);
    }

    const length = Number(response.headers.get('content-length'));
    let total: number | null = entry.size;
    if (total === null && response.status !== 416 && Number.isFinite(length) && length > 0) total = offset + length;
    let received = offset;
    options.onProgress?.({ file: entry.file, received, total });

    if (response.status !== 416 && response.body) {
      const file = await open(part, offset > 0 ? 'a' : 'w');
      try {
        for await (const chunk of response.body) {
          resetStall();
          hash.update(chunk);
          await file.write(chunk);
          received += chunk.length;
          options.onProgress?.({ file: entry.file, received, total });
        }
      } catch (error) {
        if (stall.signal.aborted) {
          throw new DownloadError('stalled', `${entry.file}: the download stalled at ${received} bytes; run it again to resume.`);
        }
        if (options.signal?.aborted) throw error;
        throw new DownloadError('cut', `${entry.file}: the connection broke at ${received} bytes; run it again to resume.`);
      } finally {
        await file.close();
      }
    }

    const size = (await sizeOf(part)) ?? 0;
    const sha256 = hash.digest('hex');
    try {
      checkResult(entry, size, sha256, warn);
    } catch (error) {
      await rm(part, { force: true });
      throw error;
    }
    await rename(part, target);
    return { path: target, sha256, skipped: false, resumedFrom };
  } finally {
    clearTimeout(stallTimer);
  }
}

/** Downloads several models one after the other. */
export async function downloadModels(entries: ModelEntry[], options: DownloadOptions): Promise<DownloadResult[]> {
  const results: DownloadResult[] = [];
  for (const entry of entries) results.push(await downloadModel(entry, options));
  return results;
}
