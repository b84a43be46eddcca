/** What the recording screen is opened for: a story to add to, an interviewer question. */
export interface RecordingRequest {
  storyId: number | null;
  promptQuestion: string | null;
  questionId: string | null;
}

const PARAM = { record: 'record', storyId: 'storyId', question: 'question', questionId: 'questionId' } as const;

/** The home screen's address that opens the recording screen for a story or question. */
export function recordingLink(request: Partial<RecordingRequest> = {}): string {
  const params = new URLSearchParams({ [PARAM.record]: '1' });
  if (request.storyId != null) params.set(PARAM.storyId, String(request.storyId));
  if (request.promptQuestion) params.set(PARAM.question, request.promptQuestion);
  if (request.questionId) params.set(PARAM.questionId, request.questionId);
  return `/?${params.toString()}`;
}

/** The recording request in the home screen's search parameters, or null when none. */
export function readRecordingRequest(params: URLSearchParams): RecordingRequest | null {
  if (!params.has(PARAM.record)) return null;
  const storyId = Number(params.get(PARAM.storyId));
  return {
    storyId: Number.isInteger(storyId) && storyId > 0 ? storyId : null,
    promptQuestion: params.get(PARAM.question) || null,
    questionId: params.get(PARAM.questionId) || null,
  };
}
