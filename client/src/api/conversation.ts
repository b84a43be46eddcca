import {
  conversationFinishResponseSchema, conversationFollowUpResponseSchema,
  type ConversationFinishResponse, type ConversationFollowUpRequest, type ConversationFollowUpResponse, type ConversationSpeechRequest,
} from '../../../contract/conversation.ts';
import { apiBlob, apiRequest } from './request.ts';

/** The question as audio (POST /api/conversation/speech). */
export function fetchSpeech(request: ConversationSpeechRequest, signal?: AbortSignal): Promise<Blob> {
  return apiBlob('POST', '/api/conversation/speech', request, { signal });
}

/** One follow-up to the answer just given (POST /api/conversation/follow-up). */
export async function fetchFollowUp(request: ConversationFollowUpRequest): Promise<ConversationFollowUpResponse> {
  return conversationFollowUpResponseSchema.parse(await apiRequest('POST', '/api/conversation/follow-up', request));
}

/** The conversation ended: its story is written from all its answers (POST /api/conversation/{id}/finish). */
export async function finishConversation(storyId: number): Promise<ConversationFinishResponse> {
  return conversationFinishResponseSchema.parse(await apiRequest('POST', `/api/conversation/${storyId}/finish`));
}
