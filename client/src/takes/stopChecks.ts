import { checkHasAudio } from './checkHasAudio.ts';
import { checkMinimumDuration } from './checkMinimumDuration.ts';
import { checkMinimumSize } from './checkMinimumSize.ts';
import { checkQualityFloor } from './checkQualityFloor.ts';
import type { RecordedAudio, RecordingProblem } from './recordedAudio.ts';

/** The checks that need no decoding, in the spec's order; the speech check runs after them. */
const STOP_CHECKS = [checkHasAudio, checkMinimumSize, checkMinimumDuration, checkQualityFloor];

/** The first problem the stop checks find, or null when the recording may go on to the speech check. */
export function firstRecordingProblem(audio: RecordedAudio): RecordingProblem | null {
  for (const check of STOP_CHECKS) {
    const problem = check(audio);
    if (problem) return problem;
  }
  return null;
}
