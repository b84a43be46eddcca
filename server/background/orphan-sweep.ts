import type { Database } from '../db/client.ts';
import type { BlobStore } from '../storage/index.ts';
import { sweepExpiredExports } from '../archive/export/sweep-expired-exports.ts';
import { sweepOrphanAudio } from '../recordings/sweep-orphan-audio.ts';
import { sweepStaleImportUploads } from '../archive/import/sweep-stale-uploads.ts';
import { sweepOrphanPhotos } from '../photos/sweep-orphan-photos.ts';
import { sweepStaleRecordingUploads } from '../recordings/resumable/sweep-stale-uploads.ts';

/** The sweep runs a minute after start (out of start-up's way), then this often. */
const FIRST_SWEEP_AFTER_MS = 60_000;
export const ORPHAN_SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

interface SweepLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** One sweep: what it removes (for the log) and how; it answers how many it removed. */
interface Sweep {
  removes: string;
  run(db: Database, store: BlobStore): Promise<number>;
}

const SWEEPS: readonly Sweep[] = [
  { removes: 'audio that no recording names', run: async (db, store) => (await sweepOrphanAudio(db, store)).removed },
  { removes: 'archives past their download time', run: async (db, store) => (await sweepExpiredExports(db, store)).expired },
  { removes: 'uploads of an archive that were never finished', run: sweepStaleImportUploads },
  { removes: 'uploads of a recording in pieces that were never finished', run: sweepStaleRecordingUploads },
  { removes: 'copies of photos that no row names', run: (db, store) => sweepOrphanPhotos(db, store) },
];

/**
 * Removes what nothing needs any more (SWEEPS), now and then; several processes sweeping at
 * once do no harm. One failing does not keep the others from running.
 */
export function scheduleOrphanSweep(db: Database, store: BlobStore, log: SweepLog): { stop(): void } {
  const sweep = async () => {
    for (const { removes, run } of SWEEPS) {
      try {
        const removed = await run(db, store);
        if (removed > 0) log.info({ removed }, `removed ${removes}`);
      } catch (error) {
        log.warn({ err: error }, `the sweep for ${removes} failed; it runs again later`);
      }
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
