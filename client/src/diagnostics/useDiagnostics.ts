import { useCallback, useEffect, useRef, useState } from 'react';
import { type CheckLine, initialLines, runChecks } from './checks.ts';
import { browserProbes } from './probes.ts';

/**
 * Runs the diagnostics once on opening and again on `run`; a new run (or leaving the page)
 * replaces the one under way, whose microphone is released.
 */
export function useDiagnostics(): { lines: CheckLine[]; running: boolean; run: () => void } {
  const [lines, setLines] = useState<CheckLine[]>(initialLines);
  const [running, setRunning] = useState(false);
  const current = useRef(0);

  const run = useCallback(() => {
    const id = ++current.current;
    const isCancelled = () => current.current !== id;
    const { probes, release } = browserProbes();
    setRunning(true);
    setLines(initialLines());
    void runChecks(probes, setLines, isCancelled).finally(() => {
      release();
      if (!isCancelled()) setRunning(false);
    });
  }, []);

  useEffect(() => {
    run();
    return () => {
      current.current += 1;
    };
  }, [run]);

  return { lines, running, run };
}
