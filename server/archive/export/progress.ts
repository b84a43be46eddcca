/** Counts the archive's files as they are written and tells the caller every few, and at the end. */
export function progressCounter(total: number, report: (done: number, total: number) => Promise<void>, every = 25) {
  let done = 0;
  let reported = -1;
  return {
    get total() {
      return total;
    },
    async step(): Promise<void> {
      done = Math.min(done + 1, total);
      if (done % every === 0) await this.report();
    },
    async report(): Promise<void> {
      if (done === reported) return;
      reported = done;
      await report(done, total);
    },
    async finish(): Promise<void> {
      done = total;
      await this.report();
    },
  };
}
