import { deleteAccountJob } from '../account-deletion/delete-account-job.ts';
import { exportArchiveJob } from '../archive/export/export-archive-job.ts';
import { importArchiveJob } from '../archive/import/import-archive-job.ts';
import { writeAutobiographyJob } from '../autobiography/write-autobiography-job.ts';
import { printBookJob } from '../autobiography/print/print-book-job.ts';
import { finishConversationJob } from '../conversation/finish-conversation-job.ts';
import { refreshInfoJob } from '../people-and-places/refresh-info-job.ts';
import { shareStoryWithFamily, storyNoticesJob } from '../family/mail/story-notices.ts';
import { weeklyTickJob } from '../family/mail/weekly-tick.ts';
import { followUpQuestionsJob } from '../follow-ups/follow-up-questions-job.ts';
import { gapQuestionsJob } from '../interviewer/gap-questions-job.ts';
import type { JobContext } from '../jobs/context.ts';
import type { JobDefinition } from '../jobs/job.ts';
import { transcribeRecordingJob } from '../pipeline/transcribe-recording-job.ts';
import { writeStoryJob } from '../pipeline/write-story-job.ts';
import { narrateStoryJob } from '../publishing/narrate-story-job.ts';
import { noteFamilyAnswer, tellFamilyAskerJob } from '../family/answered-question.ts';
import { whenStoryWritten } from '../pipeline/story-written.ts';
import { timeTranscriptsJob } from '../voice/time-transcripts-job.ts';

/**
 * The background jobs, each defined in its feature's folder. A free worker looks for them in this
 * order: a story waiting to be written (a spoken interview's too, once its answers are in)
 * and its follow-up questions (short jobs the person is watching) go before the next
 * transcription; then the interviewer's questions for the
 * untold parts of a life, refreshing a person's or place's gathered information, the family
 * circle's e-mails (a new story's notices, the weekly tick of questions and digests), narrating
 * a published story, an autobiography (long, chapter by chapter), laying a book out for print, and last the archive's
 * jobs: an export (every file of the account) and an import (long, and the person is not
 * waiting on any one thing of it), and after everything the pass timing transcripts made
 * before issue 29 (nobody waits for it). Before all of them, the removal of a deleted account's
 * files and rows: short, rare, and what the person was promised (their other jobs that wait
 * then find nothing to do).
 */
export const BACKGROUND_JOBS: readonly JobDefinition<JobContext, any>[] = [
  deleteAccountJob,
  writeStoryJob,
  finishConversationJob,
  followUpQuestionsJob,
  tellFamilyAskerJob,
  transcribeRecordingJob,
  gapQuestionsJob,
  refreshInfoJob,
  storyNoticesJob,
  weeklyTickJob,
  narrateStoryJob,
  writeAutobiographyJob,
  printBookJob,
  exportArchiveJob,
  importArchiveJob,
  timeTranscriptsJob,
];

// A written story reaches the family circle (unless its owner reviews new stories first), and
// one that answers a relative's question answers it and tells the asker (issue 28).
whenStoryWritten((queue, tx, storyId) => shareStoryWithFamily(tx, queue, storyId, { unlessReviewFirst: true }).then(() => undefined));
whenStoryWritten(noteFamilyAnswer);
