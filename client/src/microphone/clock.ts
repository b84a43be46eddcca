/** The recording clock: time recorded before the last pause, and when the current stretch began. */
export interface RecordingClock {
  recordedMs: number;
  /** When recording last started or resumed; null while paused. */
  runningSince: number | null;
}

export const STOPPED_CLOCK: RecordingClock = { recordedMs: 0, runningSince: null };

/** A clock that starts running now. */
export function startClock(now: number): RecordingClock {
  return { recordedMs: 0, runningSince: now };
}

/** Stops counting; the time so far is kept. */
export function pauseClock(clock: RecordingClock, now: number): RecordingClock {
  if (clock.runningSince === null) return clock;
  return { recordedMs: clock.recordedMs + (now - clock.runningSince), runningSince: null };
}

/** Counts again from now. */
export function resumeClock(clock: RecordingClock, now: number): RecordingClock {
  return clock.runningSince === null ? { ...clock, runningSince: now } : clock;
}

/** Milliseconds recorded so far, paused time excluded. */
export function recordedMs(clock: RecordingClock, now: number): number {
  return clock.recordedMs + (clock.runningSince === null ? 0 : Math.max(0, now - clock.runningSince));
}

/** The timer's text, mm:ss (minutes keep counting past 59). */
export function formatTimer(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}
