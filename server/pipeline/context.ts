import type { Engines } from '../ai/engines.ts';
import type { Database } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import type { BlobStore } from '../storage/index.ts';

/** What the pipeline's job handlers work with. */
export interface PipelineContext {
  db: Database;
  store: BlobStore;
  queue: Queue;
  engines: Pick<Engines, 'transcriber' | 'writer' | 'speech' | 'narrator'>;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}
