/** What a conversation opens with: an interviewer question (with its id), or Saaga's own opening. */
export interface ConversationRequest {
  question: string | null;
  questionId: string | null;
}

export const CONVERSATION_PATH = '/talk';

/** The conversation's address, for a question to start from. */
export function conversationLink(request: Partial<ConversationRequest> = {}): string {
  const params = new URLSearchParams();
  if (request.question) params.set('question', request.question);
  if (request.questionId) params.set('questionId', request.questionId);
  const query = params.toString();
  return query ? `${CONVERSATION_PATH}?${query}` : CONVERSATION_PATH;
}

export function readConversationRequest(params: URLSearchParams): ConversationRequest {
  return { question: params.get('question')?.trim() || null, questionId: params.get('questionId') || null };
}
