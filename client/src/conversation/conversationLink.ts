import { ABOUT_PHOTO_PARAM } from '../../../contract/photo-prompts.ts';

/** What a conversation opens with: an interviewer question (with its id), a photo to talk about, or Saaga's own opening. */
export interface ConversationRequest {
  question: string | null;
  questionId: string | null;
  /** A conversation about a photo: its first question is about it, and the story takes it as cover. */
  aboutPhotoId: number | null;
}

export const CONVERSATION_PATH = '/talk';

/** The conversation's address, for a question or a photo to start from. */
export function conversationLink(request: Partial<ConversationRequest> = {}): string {
  const params = new URLSearchParams();
  if (request.question) params.set('question', request.question);
  if (request.questionId) params.set('questionId', request.questionId);
  if (request.aboutPhotoId != null) params.set(ABOUT_PHOTO_PARAM, String(request.aboutPhotoId));
  const query = params.toString();
  return query ? `${CONVERSATION_PATH}?${query}` : CONVERSATION_PATH;
}

export function readConversationRequest(params: URLSearchParams): ConversationRequest {
  const photoId = Number(params.get(ABOUT_PHOTO_PARAM));
  return {
    question: params.get('question')?.trim() || null,
    questionId: params.get('questionId') || null,
    aboutPhotoId: Number.isInteger(photoId) && photoId > 0 ? photoId : null,
  };
}
