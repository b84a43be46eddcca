import { readdirSync, readFileSync } from 'node:fs';
import { until } from './wait-for.ts';

/**
 * Whether `pid` is dead but not yet reaped by its parent: its main thread a zombie and
 * every other thread gone (until then the process still holds its files). Linux only.
 */
export function isUnreapedZombie(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state === 'Z' && readdirSync(`/proc/${pid}/task`).length === 1;
  } catch {
    return false;
  }
}

/** Waits until `pid` is an unreaped zombie; fails after `timeoutMs`. */
export async function untilUnreapedZombie(pid: number, timeoutMs = 10_000): Promise<void> {
  await until(() => isUnreapedZombie(pid), timeoutMs, `pid ${pid} to end as an unreaped zombie`);
}
