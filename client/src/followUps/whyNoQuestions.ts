import type { AwaitedEngine } from '../../../contract/engines.ts';

/** What the story screen says when it has no follow-up questions, and whether it is still busy. */
export type NoQuestionsReason = 'waitingForWriter' | 'notWritten' | 'coming' | 'empty';

/**
 * Why a story has no questions: the writer is not ready (they come once it is), the story
 * is not written yet, they are on their way (a new story's first minute, or a refresh),
 * or there are none. Only "coming" spins, so nothing spins for ever.
 */
export function whyNoQuestions(state: { awaited: AwaitedEngine | null; written: boolean; coming: boolean; refreshing: boolean }): NoQuestionsReason {
  if (state.awaited === 'writer') return 'waitingForWriter';
  if (!state.written) return 'notWritten';
  if (state.coming || state.refreshing) return 'coming';
  return 'empty';
}
