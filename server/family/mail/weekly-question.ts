import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { familyQuestionId } from '../../../contract/family.ts';
import { INTERVIEW_QUESTIONS, INTERVIEW_THEMES, interviewQuestionId } from '../../../contract/interviewer.ts';
import type { Language } from '../../../contract/languages.ts';
import enInterviewer from '../../../client/src/i18n/locales/en/interviewer.json' with { type: 'json' };
import fiInterviewer from '../../../client/src/i18n/locales/fi/interviewer.json' with { type: 'json' };
import type { Database } from '../../db/client.ts';
import { familyQuestions, interviewGapQuestions, stories, weeklyQuestionSends } from '../../db/schema.ts';
import { lifeGaps } from '../../interviewer/life-gaps.ts';

/** The question a weekly e-mail asks, with the recorder's question id (what a story answering it carries). */
export interface WeeklyQuestion {
  text: string;
  questionId: string;
  /** A relative's question: its row gets lastEmailedAt, and the record link names it. */
  familyQuestionId: number | null;
}

// The theme questions' texts are the client's (the interviewer namespace): one wording everywhere.
const THEME_TEXTS: Record<Language, { questions: Record<string, Record<string, string>> }> = { en: enInterviewer, fi: fiInterviewer };

const themeQuestions = (language: Language) =>
  INTERVIEW_THEMES.flatMap((theme) => INTERVIEW_QUESTIONS[theme].map((key) => ({ questionId: interviewQuestionId(theme, key), text: THEME_TEXTS[language].questions[theme][key] })));

/**
 * This week's question for a storyteller: a relative's question not yet answered (the least
 * recently e-mailed, oldest first), else a question about an untold part of their life (the
 * interviewer's gap prompts, once written), else the first theme question no story answers.
 * A gap or theme question already e-mailed is not asked again; when every one was, the
 * least recently e-mailed relative's question comes round again, and else the first theme's.
 */
export async function chooseWeeklyQuestion(db: Database, userId: string, language: Language): Promise<WeeklyQuestion> {
  const [relative] = await db
    .select({ id: familyQuestions.id, text: familyQuestions.text })
    .from(familyQuestions)
    .where(and(eq(familyQuestions.userId, userId), isNull(familyQuestions.answeredStoryId)))
    .orderBy(sql`${familyQuestions.lastEmailedAt} asc nulls first`, asc(familyQuestions.createdAt), asc(familyQuestions.id))
    .limit(1);
  if (relative) return { text: relative.text, questionId: familyQuestionId(relative.id), familyQuestionId: relative.id };

  const sent = new Set((await db.select({ text: weeklyQuestionSends.questionText }).from(weeklyQuestionSends).where(eq(weeklyQuestionSends.userId, userId))).map((r) => r.text));

  const { gaps } = await lifeGaps(db, userId);
  if (gaps.length > 0) {
    const written = await db
      .select({ gapKey: interviewGapQuestions.gapKey, question: interviewGapQuestions.question })
      .from(interviewGapQuestions)
      .where(and(eq(interviewGapQuestions.userId, userId), eq(interviewGapQuestions.language, language)));
    const byKey = new Map(written.filter((row) => row.question).map((row) => [row.gapKey, row.question]));
    for (const gap of gaps) {
      const text = byKey.get(gap.key);
      if (text && !sent.has(text)) return { text, questionId: gap.key, familyQuestionId: null };
    }
  }

  const answered = new Set(
    (await db.select({ questionId: stories.questionId }).from(stories).where(and(eq(stories.userId, userId), sql`${stories.questionId} is not null`))).map((r) => r.questionId),
  );
  const themes = themeQuestions(language);
  const next = themes.find((q) => !answered.has(q.questionId) && !sent.has(q.text)) ?? themes.find((q) => !sent.has(q.text)) ?? themes[0];
  return { ...next, familyQuestionId: null };
}

/** The recorder's question id of a question e-mailed earlier, from its text (a theme's or a gap prompt's); null when none matches. */
export async function questionIdOfText(db: Database, userId: string, text: string): Promise<string | null> {
  for (const language of ['en', 'fi'] as const) {
    const theme = themeQuestions(language).find((q) => q.text === text);
    if (theme) return theme.questionId;
  }
  const [gap] = await db
    .select({ gapKey: interviewGapQuestions.gapKey })
    .from(interviewGapQuestions)
    .where(and(eq(interviewGapQuestions.userId, userId), eq(interviewGapQuestions.question, text)))
    .limit(1);
  return gap?.gapKey ?? null;
}
