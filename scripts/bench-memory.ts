/** Memory of another process, read from /proc (Linux), for the benchmarks that run a server of its own (bench-upload-memory, bench-photos). */
import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory (bytes) of a process from /proc, or 0 once it is gone. */
export function rssOf(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : 0;
  } catch {
    return 0; // the process ended between listing and reading
  }
}

/** Pids of the children of `pid` (ffmpeg, when a decode runs). */
export function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    let list = '';
    try {
      list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    } catch {
      continue; // the thread ended between listing and reading
    }
    if (list) found.push(...list.split(/\s+/).map(Number));
  }
  return found;
}

/** Samples the server's and its children's memory every 50 ms while `work` runs. */
export async function peakWhile<T>(pid: number, task: () => Promise<T>): Promise<{ result: T; server: number; children: number; seconds: number }> {
  let server = 0;
  let children = 0;
  const sample = () => {
    server = Math.max(server, rssOf(pid));
    children = Math.max(children, childrenOf(pid).reduce((sum, child) => sum + rssOf(child), 0));
  };
  const timer = setInterval(sample, 50);
  const started = Date.now();
  try {
    const result = await task();
    sample();
    return { result, server, children, seconds: (Date.now() - started) / 1000 };
  } finally {
    clearInterval(timer);
  }
}
