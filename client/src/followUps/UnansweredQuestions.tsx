/** Unanswered follow-up questions, offered in the interviewer's inspiration; built by the follow-up work. */
export function UnansweredQuestions() {
  return null;
}
