import type { AutobiographySummary } from '../../../contract/autobiography.ts';

/** The chapter being written now (1-based), never past the last: "Writing chapter 2 of 5". */
export function chapterInProgress(progress: AutobiographySummary['progress']): { current: number; total: number } {
  const total = Math.max(progress.chaptersTotal, 1);
  return { current: Math.min(progress.chaptersDone + 1, total), total };
}
