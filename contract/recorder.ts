/** Recorder timings not in RECORDING_LIMITS (spec 4 "Timer", 9.2). */
export const RECORDER_TIMER = {
  /** The main recorder's timer updates every second. */
  tickMs: 1000,
  /** The co-author page's timer updates every 100 ms. */
  coAuthorTickMs: 100,
} as const;
