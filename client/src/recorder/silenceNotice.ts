import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';

/** The average of an analyser's byte readings (0-255), the spec's "level". */
export function averageLevel(readings: ArrayLike<number>): number {
  if (readings.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < readings.length; i++) sum += readings[i];
  return sum / readings.length;
}

/** The silence notice: since when it has been quiet, and since when the notice shows. */
export interface SilenceNotice {
  quietSince: number | null;
  shownSince: number | null;
}

export const NO_SILENCE: SilenceNotice = { quietSince: null, shownSince: null };

/**
 * The notice after one level reading (spec 4, "Silence notice"): a level of 5 or below for
 * 5 s shows it, it hides after 3 s (and may show again after another 5 s of quiet), and
 * any louder reading clears it at once.
 */
export function nextSilenceNotice(notice: SilenceNotice, level: number, now: number): SilenceNotice {
  const limits = RECORDING_LIMITS;
  if (level > limits.silenceLevel) return NO_SILENCE;
  if (notice.shownSince !== null) {
    return now - notice.shownSince >= limits.silenceNoticeHideMs ? { quietSince: now, shownSince: null } : notice;
  }
  const quietSince = notice.quietSince ?? now;
  if (now - quietSince >= limits.silenceNoticeAfterMs) return { quietSince, shownSince: now };
  return notice.quietSince === null ? { quietSince, shownSince: null } : notice;
}

/** Whether the notice shows. */
export function isSilenceNoticeShown(notice: SilenceNotice): boolean {
  return notice.shownSince !== null;
}
