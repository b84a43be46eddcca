import type { Database } from '../db/client.ts';
import type { BlobStore } from '../storage/index.ts';
import { sweepExpiredExports } from '../archive/export/sweep-expired-exports.ts';
import { sweepOrphanAudio } from '../recordings/sweep-orphan-audio.ts';

/** The sweep runs a minute after start (out of start-up's way), then this often. */
const FIRST_SWEEP_AFTER_MS = 60_000;
export const ORPHAN_SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

interface SweepLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/**
 * Removes recording audio no row names, and archives past their download time, now and then;
 * several processes sweeping at once do no harm. One failing does not keep the other from running.
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
      const result = await sweepExpiredExports(db, store);
      if (result.expired > 0) log.info(result, 'removed archives past their download time');
    } catch (error) {
      log.warn({ err: error }, 'the sweep for archives past their download time failed; it runs again later');
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
