import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { BlobStore } from '../../storage/index.ts';

/** Passes bytes through unchanged, counting them and taking their SHA-256 on the way. */
export class DigestingStream extends Transform {
  private readonly hash = createHash('sha256');
  private bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    callback(null, chunk);
  }

  /** Once the stream has ended: the bytes' hash (hex) and count. */
  result(): { sha256: string; sizeBytes: number } {
    return { sha256: this.hash.digest('hex'), sizeBytes: this.bytes };
  }
}

/** A blob the account's rows name is not in the store: the archive would miss it, so none is made. */
export class MissingBlobError extends Error {
  constructor(readonly key: string) {
    super(`The stored file ${key} is missing`);
    this.name = 'MissingBlobError';
  }
}

/** The blob's bytes as a stream through a DigestingStream (opened when the ZIP gets to it). */
export async function openDigested(store: BlobStore, key: string): Promise<DigestingStream> {
  const blob = await store.get(key);
  if (!blob) throw new MissingBlobError(key);
  const digesting = new DigestingStream();
  blob.body.once('error', (error) => digesting.destroy(error));
  return blob.body.pipe(digesting);
}
