/** The interviewer's themes (spec 2 "Interviewer", 9.6), in order, each with this many questions. */
export const INTERVIEW_THEMES = ['childhood', 'family', 'career', 'relationships', 'achievements', 'challenges'] as const;
export type InterviewTheme = (typeof INTERVIEW_THEMES)[number];
export const QUESTIONS_PER_THEME = 5;
