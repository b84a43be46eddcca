/**
 * Progress reports thinned out to one write every `everyMs` (a ZIP of 20,000 recordings reports
 * 20,000 times; the screen polls every 2 s): the first and the last report are always written,
 * and `flush` writes one held back.
 */
export function throttledProgress(write: (done: number, total: number) => Promise<void>, everyMs: number, now: () => number = Date.now) {
  let lastWrite = Number.NEGATIVE_INFINITY;
  let held: [number, number] | null = null;
  const writeNow = async (done: number, total: number) => {
    lastWrite = now();
    held = null;
    await write(done, total);
  };
  return {
    async report(done: number, total: number): Promise<void> {
      if (done >= total || now() - lastWrite >= everyMs) await writeNow(done, total);
      else held = [done, total];
    },
    async flush(): Promise<void> {
      if (held) await writeNow(...held);
    },
  };
}
