import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { z } from 'zod';

/**
 * A data file (a JSON array) written to disk row by row, so a large one (recordings with their
 * transcripts) is never one string in memory. Each row is checked against its archive schema
 * as it is written: the export never makes a file the import would refuse.
 */
export class JsonArrayFile<Schema extends z.ZodType> {
  private readonly out: WriteStream;
  private rows = 0;
  private failure: Error | null = null;

  constructor(
    readonly file: string,
    private readonly schema: Schema,
  ) {
    this.out = createWriteStream(file);
    // A failed write fails the next push or close (events.once rejects on 'error'); after destroy, nothing is waited for.
    this.out.on('error', (error) => (this.failure ??= error));
    this.out.write('[');
  }

  get count(): number {
    return this.rows;
  }

  async push(row: z.input<Schema>): Promise<void> {
    if (this.failure) throw this.failure;
    const checked = this.schema.parse(row);
    const text = JSON.stringify(checked, null, 2).replace(/\n/g, '\n  ');
    if (!this.out.write(`${this.rows++ === 0 ? '\n  ' : ',\n  '}${text}`)) await once(this.out, 'drain');
  }

  /** Ends the array and waits until the file is on disk. */
  async close(): Promise<void> {
    if (this.failure) throw this.failure;
    this.out.end(this.rows === 0 ? ']\n' : '\n]\n');
    await finished(this.out);
  }

  /** Closes the file after a failure, without waiting for anything. */
  destroy(): void {
    this.out.destroy();
  }
}
