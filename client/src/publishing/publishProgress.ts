import { type NarrationState, PUBLISH_PROGRESS, type PublishStage, publishStageOf } from '../../../contract/publishing.ts';

/** Where publishing is, as the card shows it: a stage and its percentage (spec 9.4). */
export interface PublishProgress {
  stage: PublishStage;
  percent: number;
}

/**
 * The progress of a publish: preparing (10) while the request is on its way, then the
 * server's narration state (waiting 30, generating 60, finalizing 90), complete (100) when
 * the narration is ready, failed or not asked for. Never a timer: only what the server says.
 */
export function publishProgress(step: { requesting: true } | { requesting: false; narration: NarrationState }): PublishProgress {
  const stage: PublishStage = step.requesting ? 'preparing' : publishStageOf(step.narration);
  return { stage, percent: PUBLISH_PROGRESS[stage] };
}
