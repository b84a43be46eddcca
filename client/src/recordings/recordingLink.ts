/** What the recording screen is opened for: a story to add to, an interviewer question. */
export interface RecordingRequest {
  storyId: number | null;
  promptQuestion: string | null;
  questionId: string | null;
}

const PARAM = { storyId: 'storyId', question: 'question', questionId: 'questionId' } as const;

/** The recorder's address, for a story to add to or a question to answer. */
export function recordingLink(request: Partial<RecordingRequest> = {}): string {
  const params = new URLSearchParams();
  if (request.storyId != null) params.set(PARAM.storyId, String(request.storyId));
  if (request.promptQuestion) params.set(PARAM.question, request.promptQuestion);
  if (request.questionId) params.set(PARAM.questionId, request.questionId);
  const query = params.toString();
  return query ? `/record?${query}` : '/record';
}

/** What the recorder was opened for, from its address; a story id that is not one is ignored. */
export function readRecordingRequest(params: URLSearchParams): RecordingRequest {
  const storyId = Number(params.get(PARAM.storyId));
  return {
    storyId: Number.isInteger(storyId) && storyId > 0 ? storyId : null,
    promptQuestion: params.get(PARAM.question) || null,
    questionId: params.get(PARAM.questionId) || null,
  };
}
