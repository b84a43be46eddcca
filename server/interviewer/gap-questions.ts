import type { Language } from '../../contract/languages.ts';
import type { LifeGapsDto } from '../../contract/interviewer.ts';
import type { Database } from '../db/client.ts';
import type { Queue } from '../jobs/queue.ts';
import { sendJob } from '../jobs/send-job.ts';
import { gapQuestionsJob } from './gap-questions-job.ts';
import { storedGapQuestions } from './gap-question-store.ts';
import { lifeGaps, type LifeGap } from './life-gaps.ts';

/**
 * GET /api/interviewer/gaps: the untold decades, people and places with their questions.
 * Gaps with no question yet are handed to the writer in the background (one waiting job
 * per user and language); meanwhile they come with `question: null` and `writing`.
 */
export async function lifeGapsWithQuestions(db: Database, queue: Queue, userId: string, language: Language): Promise<LifeGapsDto> {
  const { gaps, told } = await lifeGaps(db, userId);
  const stored = await storedGapQuestions(db, userId, language, gaps.map((gap) => gap.key));
  const writing = gaps.some((gap) => !stored.has(gap.key));
  if (writing) await sendJob(queue, gapQuestionsJob, { userId, language });
  const question = (gap: LifeGap) => {
    const text = stored.get(gap.key);
    return text ? text : null;
  };
  return {
    decades: gaps.flatMap((gap) => (gap.kind === 'decade' ? [{ decade: gap.decade, key: gap.key, question: question(gap) }] : [])),
    people: gaps.flatMap((gap) => (gap.kind === 'person' ? [{ id: Number(gap.key.split(':')[1]), name: gap.name, key: gap.key, question: question(gap) }] : [])),
    places: gaps.flatMap((gap) => (gap.kind === 'place' ? [{ id: Number(gap.key.split(':')[1]), name: gap.name, key: gap.key, question: question(gap) }] : [])),
    undated: told.length === 0,
    writing,
  };
}
