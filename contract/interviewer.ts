import { z } from 'zod';

/** The interviewer's themes (spec 2 "Interviewer", 9.6), in order. */
export const INTERVIEW_THEMES = ['childhood', 'family', 'career', 'relationships', 'achievements', 'challenges'] as const;
export type InterviewTheme = (typeof INTERVIEW_THEMES)[number];

/**
 * Each theme's five questions, by a key that never changes once stories answer it (the
 * texts, in English and Finnish, are the client's `interviewer` namespace). A story made
 * from a question stores `questionId` = "{theme}.{key}" and the question's text as it was
 * asked (`promptQuestion`).
 */
export const INTERVIEW_QUESTIONS = {
  childhood: ['home', 'play', 'school', 'grownups', 'smell'],
  family: ['parents', 'traditions', 'stories', 'siblings', 'proud'],
  career: ['firstJob', 'choice', 'turningPoint', 'colleague', 'learned'],
  relationships: ['friend', 'met', 'changedYou', 'lost', 'thanks'],
  achievements: ['proudest', 'small', 'recognised', 'hardWon', 'others'],
  challenges: ['hardest', 'help', 'mistake', 'courage', 'advice'],
} as const satisfies Record<InterviewTheme, readonly string[]>;

export const QUESTIONS_PER_THEME = 5;

export type InterviewQuestionKey<T extends InterviewTheme = InterviewTheme> = (typeof INTERVIEW_QUESTIONS)[T][number];

/** The stored id of a theme's question. */
export function interviewQuestionId(theme: InterviewTheme, key: string): string {
  return `${theme}.${key}`;
}

/** The theme and key of an interviewer question id, or null for any other id (a follow-up question's, or none). */
export function readInterviewQuestionId(id: string | null | undefined): { theme: InterviewTheme; key: string } | null {
  if (!id) return null;
  const [theme, key, ...rest] = id.split('.');
  if (rest.length > 0 || !(INTERVIEW_THEMES as readonly string[]).includes(theme)) return null;
  const keys: readonly string[] = INTERVIEW_QUESTIONS[theme as InterviewTheme];
  return keys.includes(key) ? { theme: theme as InterviewTheme, key } : null;
}

/** Every interviewer question id, theme by theme. */
export const INTERVIEW_QUESTION_IDS: readonly string[] = INTERVIEW_THEMES.flatMap((theme) =>
  INTERVIEW_QUESTIONS[theme].map((key) => interviewQuestionId(theme, key)),
);

/** GET /api/interviewer/answers: the stories that answer each interviewer question, newest first. */
export const interviewAnswersSchema = z.record(
  z.string(),
  z.array(z.object({ id: z.number(), title: z.string(), createdAt: z.string(), processingStatus: z.string() })),
);
export type InterviewAnswersDto = z.infer<typeof interviewAnswersSchema>;

/** A part of the person's life with no stories yet, and the question asked about it (null while it is being written). */
const gapQuestion = { key: z.string(), question: z.string().nullable() };

/** GET /api/interviewer/gaps?language=: the untold decades, people and places, each with a question. */
export const lifeGapsSchema = z.object({
  decades: z.array(z.object({ decade: z.number(), ...gapQuestion })),
  people: z.array(z.object({ id: z.number(), name: z.string(), ...gapQuestion })),
  places: z.array(z.object({ id: z.number(), name: z.string(), ...gapQuestion })),
  /** No story has a year yet, so no decade can be missing. */
  undated: z.boolean(),
  /** Questions are still being written for some gaps; until then the screen asks a plain question. */
  writing: z.boolean(),
});
export type LifeGapsDto = z.infer<typeof lifeGapsSchema>;

/** How many people and places without stories the interviewer asks about at once. */
export const GAP_RECORDS_SHOWN = 4;
