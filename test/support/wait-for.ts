/**
 * The one way a test waits for background work (a job, a socket, a file, another process):
 * poll `read` until `done` holds for its value, and fail after `timeoutMs` saying what was
 * awaited and what was last seen. `what` defaults to the condition's own source text, so a
 * timeout names the condition even where the caller gave no words. Browser tests poll the
 * page with `expect.poll(…, WAIT)` (e2e/support/wait.ts) and use this for the server side.
 *
 * Never sleep and then assert that nothing happened: wait here for the event that proves the
 * system has passed the point (the job finished, a later request arrived), then assert.
 */
export async function waitFor<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  what: string = done.toString(),
): Promise<T> {
  if (!(timeoutMs > 0)) throw new Error(`waitFor needs a timeout in milliseconds, got ${timeoutMs} (waiting for ${what})`);
  const deadline = Date.now() + timeoutMs;
  // Quick at first (most waits are short), then every 200 ms so a slow wait does not load the server.
  let pause = 10;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms waiting for ${what}; last value: ${shown(value)}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 200);
  }
}

/**
 * Waits for a count of finished work to reach `done`, where how long the whole takes depends
 * on the machine but a stall does not: fails once the count has not moved for `stalledMs`
 * (the bound the test is about, such as a lease's take-over), or after `timeoutMs` in all.
 */
export async function waitWhileMoving(
  read: () => Promise<number>,
  done: (count: number) => boolean,
  { stalledMs, timeoutMs, what }: { stalledMs: number; timeoutMs: number; what: string },
): Promise<number> {
  let last = await read();
  let movedAt = Date.now();
  return waitFor(
    async () => {
      const count = await read();
      if (count !== last) [last, movedAt] = [count, Date.now()];
      if (!done(count) && Date.now() - movedAt > stalledMs) throw new Error(`${what}: stuck at ${count} for over ${stalledMs} ms`);
      return count;
    },
    done,
    timeoutMs,
    what,
  );
}

/** Waits until `ready()` is true; fails after `timeoutMs` naming `what`. */
export async function until(ready: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  await waitFor(ready, (value) => value, timeoutMs, what);
}

function shown(value: unknown): string {
  try {
    const text = JSON.stringify(value) ?? String(value);
    return text.length > 500 ? `${text.slice(0, 500)}…` : text;
  } catch {
    return String(value);
  }
}
