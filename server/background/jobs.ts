import { importArchiveJob } from '../archive/import/import-archive-job.ts';
import { writeAutobiographyJob } from '../autobiography/write-autobiography-job.ts';
import { finishConversationJob } from '../conversation/finish-conversation-job.ts';
import { refreshInfoJob } from '../people-and-places/refresh-info-job.ts';
import { followUpQuestionsJob } from '../follow-ups/follow-up-questions-job.ts';
import { gapQuestionsJob } from '../interviewer/gap-questions-job.ts';
import type { JobContext } from '../jobs/context.ts';
import type { JobDefinition } from '../jobs/job.ts';
import { transcribeRecordingJob } from '../pipeline/transcribe-recording-job.ts';
import { writeStoryJob } from '../pipeline/write-story-job.ts';
import { narrateStoryJob } from '../publishing/narrate-story-job.ts';

/**
 * The background jobs, each defined in its feature's folder. A free worker looks for them in this
 * order: a story waiting to be written (a spoken interview's too, once its answers are in)
 * and its follow-up questions (short jobs the person is watching) go before the next
 * transcription; then the interviewer's questions for the
 * untold parts of a life, refreshing a person's or place's gathered information, narrating
 * a published story, and last an autobiography (long, chapter by chapter) and an imported
 * archive (long, and the person is not waiting on any one thing of it).
 */
export const BACKGROUND_JOBS: readonly JobDefinition<JobContext, any>[] = [
  writeStoryJob,
  finishConversationJob,
  followUpQuestionsJob,
  transcribeRecordingJob,
  gapQuestionsJob,
  refreshInfoJob,
  narrateStoryJob,
  writeAutobiographyJob,
  importArchiveJob,
];
