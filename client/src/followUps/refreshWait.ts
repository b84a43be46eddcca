/** How long a refresh is shown as running at most, when the server never says its job finished. */
export const REFRESH_WAIT_MS = 60_000;

/** A refresh the screen waits for: the unanswered questions then, the server's time of the request, and the click's time. */
export interface RefreshWait {
  key: string;
  requestedAt: string;
  since: number;
}

export interface RefreshNow {
  /** The unanswered questions now (their ids), and when they were read (ms). */
  key: string;
  questionsReadAt: number;
  /** When the questions job last finished (the server's time), and when that was read (ms). */
  checkedAt: string | null;
  stateReadAt: number;
  now: number;
}

/**
 * Whether a refresh is over: new questions came; or nothing new did, because the job has
 * finished (and the questions were read after it was seen to) or, failing word from the
 * server, after REFRESH_WAIT_MS.
 */
export function refreshOutcome(wait: RefreshWait, now: RefreshNow): 'waiting' | 'newQuestions' | 'nothingNew' {
  if (now.key !== wait.key) return 'newQuestions';
  const finished = now.checkedAt !== null && Date.parse(now.checkedAt) >= Date.parse(wait.requestedAt);
  if (finished && now.questionsReadAt >= now.stateReadAt) return 'nothingNew';
  return now.now - wait.since >= REFRESH_WAIT_MS ? 'nothingNew' : 'waiting';
}
