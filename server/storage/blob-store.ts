import type { Readable } from 'node:stream';

export interface ByteRange {
  start: number;
  /** Inclusive, as in HTTP Range. */
  end: number;
}

export interface StoredBlob {
  body: Readable;
  size: number;
  contentType: string;
}

/** One blob as a listing names it. */
export interface BlobEntry {
  key: string;
  size: number;
  lastModified: Date;
}

/** Where audio lives: a folder on this machine, or S3-compatible object storage. */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Stores the bytes durably: when it resolves, a crash cannot lose them; when it fails, nothing is left. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores a file's bytes durably like `put`, streamed from disk (never held in memory). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The whole blob, or the given byte range of it; null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredBlob | null>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
  /** Every blob whose key starts with `prefix`, read page by page. */
  list(prefix: string): AsyncIterable<BlobEntry>;
  /** Where a blob already is a file on this machine (the local store), so readers need no copy. */
  localFile?(key: string): string;
}

/** The store has no room for the blob (a full disk, or less free space than the store keeps in reserve). */
export class StorageFullError extends Error {
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`Audio storage is full: ${detail}`, options);
    this.name = 'StorageFullError';
  }
}

/** Keys are made by the server only; this keeps a bug from ever reaching outside the store. */
export function assertSafeKey(key: string): void {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}
