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

/** Where audio lives: a folder on this machine, or S3-compatible object storage. */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /** Stores the bytes durably: when it resolves, a crash cannot lose them. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The whole blob, or the given byte range of it; null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredBlob | null>;
  size(key: string): Promise<number | null>;
  delete(key: string): Promise<void>;
}

/** Keys are made by the server only; this keeps a bug from ever reaching outside the store. */
export function assertSafeKey(key: string): void {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
}
