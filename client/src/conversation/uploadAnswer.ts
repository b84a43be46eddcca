import {
  conversationFinishResponseSchema, conversationFollowUpResponseSchema,
  type ConversationFinishResponse, type ConversationFollowUpRequest, type ConversationFollowUpResponse, type ConversationSpeechRequest,
} from '../../../contract/conversation.ts';
import { recordingUploadResponseSchema, type RecordingUploadResponse } from '../../../contract/uploads.ts';
import { ApiRequestError, apiRequest, throwIfNotOk } from '../api/request.ts';
import { recordingForm, type RecordingUpload } from '../recorder/recordingUpload.ts';
import { recordingUploadPath } from '../recorder/recordingUpload.ts';

/** The question as audio (POST /api/conversation/speech). */
export async function fetchSpeech(request: ConversationSpeechRequest, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch('/api/conversation/speech', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
    signal,
  });
  await throwIfNotOk(response);
  return response.blob();
}

/** One follow-up to the answer just given (POST /api/conversation/follow-up). */
export async function fetchFollowUp(request: ConversationFollowUpRequest): Promise<ConversationFollowUpResponse> {
  return conversationFollowUpResponseSchema.parse(await apiRequest('POST', '/api/conversation/follow-up', request));
}

/** The conversation ended: its story is written from all its answers (POST /api/conversation/{id}/finish). */
export async function finishConversation(storyId: number): Promise<ConversationFinishResponse> {
  return conversationFinishResponseSchema.parse(await apiRequest('POST', `/api/conversation/${storyId}/finish`));
}

/** Waits between upload tries: a dropped connection often comes back within seconds. */
export const UPLOAD_RETRY_MS = [1000, 3000, 8000] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether another try could succeed: no answer, or the server's passing trouble; a refusal (4xx) will not change. */
export function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Uploads one answer, trying again after a passing failure; throws the last error. */
export async function uploadAnswer(upload: RecordingUpload): Promise<RecordingUploadResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return recordingUploadResponseSchema.parse(await apiRequest('POST', recordingUploadPath(upload.context), recordingForm(upload)));
    } catch (error) {
      if (attempt >= UPLOAD_RETRY_MS.length || !worthRetrying(error)) throw error;
      await sleep(UPLOAD_RETRY_MS[attempt]);
    }
  }
}
