import type { Database } from '../db/client.ts';
import type { BlobStore } from '../storage/index.ts';
import { sweepOrphanAudio } from '../recordings/sweep-orphan-audio.ts';
import { sweepStaleImportUploads } from '../archive/import/sweep-stale-uploads.ts';

/** The sweep runs a minute after start (out of start-up's way), then this often. */
const FIRST_SWEEP_AFTER_MS = 60_000;
export const ORPHAN_SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

interface SweepLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * Removes recording audio no row names, and uploads of an archive never finished, now and
 * then; several processes sweeping at once do no harm.
 */
export function scheduleOrphanSweep(db: Database, store: BlobStore, log: SweepLog): { stop(): void } {
  const sweep = async () => {
    try {
      const result = await sweepOrphanAudio(db, store);
      if (result.removed > 0) log.info(result, 'removed audio that no recording names');
    } catch (error) {
      log.warn({ err: error }, 'the sweep for audio that no recording names failed; it runs again later');
    }
    try {
      const removed = await sweepStaleImportUploads(db, store);
      if (removed > 0) log.info({ removed }, 'removed uploads of an archive that were never finished');
    } catch (error) {
      log.warn({ err: error }, 'the sweep for unfinished uploads of an archive failed; it runs again later');
    }
  };
  const first = setTimeout(() => void sweep(), FIRST_SWEEP_AFTER_MS);
  const every = setInterval(() => void sweep(), ORPHAN_SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
