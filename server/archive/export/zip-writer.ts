import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';

export interface EntryOptions {
  /** Deflate the entry: text yes, audio no (it is compressed already; stored, it can be read in place). */
  compress: boolean;
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
  private readonly failed: Promise<never>;
  private fail!: (error: unknown) => void;

  constructor(
    private readonly file: string,
    private readonly mtime: Date,
  ) {
    this.failed = new Promise<never>((_, reject) => (this.fail = reject));
    this.failed.catch(() => {}); // read by `add` and `finish`; never unhandled
    this.zip.on('error', (error) => this.fail(error));
    this.written = pipeline(this.zip.outputStream, createWriteStream(file));
    this.written.catch((error) => this.fail(error));
  }

  /** Adds an entry whose bytes `open` gives when the ZIP gets to it; resolves once they are all read. */
  add(path: string, open: () => Promise<Readable> | Readable, options: EntryOptions): Promise<void> {
    const read = new Promise<void>((resolve, reject) => {
      this.zip.addReadStreamLazy(path, { compress: options.compress, mtime: this.mtime }, (callback) => {
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
      });
    });
    return Promise.race([read, this.failed]);
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
    this.zip.end();
    await Promise.race([this.written, this.failed]);
    return (await stat(this.file)).size;
  }

  /** Stops writing (an error or a cancel): the file is left for the caller's temp folder to take. */
  abort(): void {
    this.zip.outputStream.unpipe();
    (this.zip.outputStream as Readable).destroy();
  }
}
