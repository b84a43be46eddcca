/**
 * The clock of one shutdown: `graceMs` from the signal. When it runs out, `onOver` ends the
 * process whatever still runs (a job cut off is taken again after the restart; the
 * temporary folders go at exit, temp-folders.ts).
 */
export function startGraceClock(graceMs: number, onOver: () => void) {
  const deadline = Date.now() + graceMs;
  setTimeout(onOver, graceMs).unref();
  const left = () => Math.max(0, deadline - Date.now());
  return {
    left,
    /** True when `work` settled before `ms` (by default the rest of the grace period) passed. */
    async within(work: Promise<unknown>, ms = left()): Promise<boolean> {
      let timer: NodeJS.Timeout | undefined;
      const over = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
      try {
        return await Promise.race([work.then(() => true, () => true), over]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
