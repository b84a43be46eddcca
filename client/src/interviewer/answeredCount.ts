import { INTERVIEW_QUESTIONS, interviewQuestionId, type InterviewAnswersDto, type InterviewTheme } from '../../../contract/interviewer.ts';

/** How many of a theme's questions at least one story answers. */
export function answeredCount(theme: InterviewTheme, answers: InterviewAnswersDto | undefined): number {
  return INTERVIEW_QUESTIONS[theme].filter((key) => (answers?.[interviewQuestionId(theme, key)]?.length ?? 0) > 0).length;
}
