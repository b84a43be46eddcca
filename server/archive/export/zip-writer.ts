import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

export interface EntryOptions {
  /** Deflate the entry: text yes, audio no (it is compressed already; stored, it can be read in place). */
  compress: boolean;
}

type Start = (callback: (error: unknown, stream: NodeJS.ReadableStream) => void) => void;

/**
 * yazl keeps every entry, and the function that opens its bytes, until the end (for the central
 * directory). This function holds nothing once called, so the opener and all it holds (a row, a
 * text, the promise's callbacks) are let go entry by entry: made in its own scope on purpose.
 */
function startOnce(start: Start): Start {
  let pending: Start | null = start;
  return (callback) => {
    const run = pending!;
    pending = null;
    run(callback);
  };
}

/**
 * A ZIP file written as a stream with yazl, one entry at a time: `add` resolves once the
 * entry's bytes are all read, so the next one is opened only then and memory holds one
 * entry's buffers whatever the archive's size. Every entry gets the same time (the export's),
 * so the same account exports to the same entries.
 */
export class ZipWriter {
  private readonly zip = new yazl.ZipFile();
  private readonly written: Promise<void>;
  /** The first error of the ZIP or its file; every entry under way and every later call fails with it. */
  private failure: { error: unknown } | null = null;
  /** The entries under way (at most one, as callers await each): a failure rejects them. */
  private readonly waiting = new Set<(error: unknown) => void>();

  constructor(
    private readonly file: string,
    private readonly mtime: Date,
  ) {
    this.zip.on('error', (error) => this.fail(error));
    this.written = pipeline(this.zip.outputStream, createWriteStream(file));
    this.written.catch((error) => this.fail(error));
  }

  private fail(error: unknown): void {
    if (this.failure) return;
    this.failure = { error };
    for (const reject of this.waiting) reject(error);
    this.waiting.clear();
  }

  /** A promise that also fails when the ZIP does (a race with one shared promise would keep every entry's callbacks). */
  private watched<T>(work: (resolve: (value: T) => void, reject: (error: unknown) => void) => void): Promise<T> {
    if (this.failure) return Promise.reject(this.failure.error);
    return new Promise<T>((resolve, reject) => {
      const settle = () => this.waiting.delete(reject);
      this.waiting.add(reject);
      work(
        (value) => {
          settle();
          resolve(value);
        },
        (error) => {
          settle();
          reject(error);
        },
      );
    });
  }

  /** Adds an entry whose bytes `open` gives when the ZIP gets to it; resolves once they are all read. */
  add(path: string, open: () => Promise<Readable> | Readable, options: EntryOptions): Promise<void> {
    return this.watched<void>((resolve, reject) => {
      const start = (callback: (error: unknown, stream: NodeJS.ReadableStream) => void) => {
        Promise.resolve()
          .then(open)
          .then(
            (stream) => {
              stream.once('end', () => resolve());
              stream.once('error', (error) => {
                reject(error);
                this.fail(error);
              });
              callback(null, stream);
            },
            (error) => {
              reject(error);
              this.fail(error);
            },
          );
      };
      this.zip.addReadStreamLazy(path, { compress: options.compress, mtime: this.mtime }, startOnce(start));
      this.unpoolLastName();
    });
  }

  /**
   * yazl keeps each entry's name as `Buffer.from(name)`: a slice of Node's shared 8 KB buffer
   * pool, which then keeps the whole slab alive, with the texts and rows made into buffers
   * between two entries. Over 60,000 entries that held about 900 bytes each (bench:export);
   * the name in a buffer of its own holds only itself. Skipped if yazl ever names it otherwise.
   */
  private unpoolLastName(): void {
    const entries = (this.zip as unknown as { entries?: { utf8FileName?: unknown }[] }).entries;
    const entry = entries?.[entries.length - 1];
    if (!entry || !Buffer.isBuffer(entry.utf8FileName)) return;
    const own = Buffer.allocUnsafeSlow(entry.utf8FileName.length);
    entry.utf8FileName.copy(own);
    entry.utf8FileName = own;
  }

  /** A text entry (small: README, a transcript, a page), deflated. */
  addText(path: string, text: string): Promise<void> {
    return this.add(path, () => Readable.from([Buffer.from(text, 'utf8')], { objectMode: false }), { compress: true });
  }

  /** Bytes already in memory (one book at a time). */
  addBuffer(path: string, bytes: Buffer, options: EntryOptions): Promise<void> {
    return this.add(path, () => Readable.from([bytes], { objectMode: false }), options);
  }

  /** A file already on disk (a data file built row by row), read as a stream, deflated. */
  addFile(path: string, file: string): Promise<void> {
    return this.add(path, () => createReadStream(file), { compress: true });
  }

  /** Writes the central directory and closes the file; resolves with its size in bytes. */
  async finish(): Promise<number> {
    await this.watched<void>((resolve, reject) => {
      this.zip.end();
      this.written.then(resolve, reject);
    });
    return (await stat(this.file)).size;
  }

  /** Stops writing (an error or a cancel): the file is left for the caller's temp folder to take. */
  abort(): void {
    this.fail(new Error('The archive was stopped'));
    this.zip.outputStream.unpipe();
    (this.zip.outputStream as Readable).destroy();
  }
}
