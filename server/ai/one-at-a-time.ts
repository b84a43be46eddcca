/**
 * Runs tasks one after another. A native model context serves one call at a time, and on a
 * small machine running two at once only makes both slower.
 */
export class OneAtATime {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
