/** Counts the archive's files as they are written and tells the caller every few, and at the end. */
export function progressCounter(total: number, report: (done: number, total: number) => Promise<void>, every = 25) {
  let done = 0;
  let reported = -1;
  const tell = async () => {
    if (done === reported) return;
    reported = done;
    await report(done, total);
  };
  return {
    total,
    /** Tells where the export is now (at its start). */
    report: tell,
    /** One more file written. */
    step: async (): Promise<void> => {
      done = Math.min(done + 1, total);
      if (done % every === 0) await tell();
    },
    /** Everything written, whatever was counted. */
    finish: async (): Promise<void> => {
      done = total;
      await tell();
    },
  };
}
