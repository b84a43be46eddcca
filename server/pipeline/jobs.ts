import { refreshInfoJob } from '../enrichment/refresh-info-job.ts';
import { followUpQuestionsJob } from '../follow-ups/follow-up-questions-job.ts';
import { gapQuestionsJob } from '../interviewer/gap-questions-job.ts';
import type { JobDefinition } from '../jobs/job.ts';
import { writeAutobiographyJob } from '../autobiography/write-autobiography-job.ts';
import type { PipelineContext } from './context.ts';
import { transcribeRecordingJob } from './transcribe-recording-job.ts';
import { writeStoryJob } from './write-story-job.ts';

/**
 * The record-to-story pipeline's jobs, each defined in its own file. A free worker looks
 * for them in this order: a story waiting to be written (a short job the person is
 * watching) goes before the next transcription; refreshing a person's or place's
 * gathered information (server/enrichment) comes last.
 */
export const PIPELINE_JOBS: readonly JobDefinition<PipelineContext, any>[] = [
  writeStoryJob,
  followUpQuestionsJob,
  transcribeRecordingJob,
  gapQuestionsJob,
  refreshInfoJob,
  writeAutobiographyJob,
];
