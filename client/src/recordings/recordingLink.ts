import { ABOUT_PHOTO_PARAM } from '../../../contract/photo-prompts.ts';

/** What the recording screen is opened for: a story to add to, an interviewer question, a photo to tell about. */
export interface RecordingRequest {
  storyId: number | null;
  promptQuestion: string | null;
  questionId: string | null;
  /** "Tell me about this picture": the photo shown while recording, sent with the upload. */
  aboutPhotoId: number | null;
}

const PARAM = { storyId: 'storyId', question: 'question', questionId: 'questionId', aboutPhoto: ABOUT_PHOTO_PARAM } as const;

/** The recorder's address, for a story to add to, a question to answer or a photo to tell about. */
export function recordingLink(request: Partial<RecordingRequest> = {}): string {
  const params = new URLSearchParams();
  if (request.storyId != null) params.set(PARAM.storyId, String(request.storyId));
  if (request.promptQuestion) params.set(PARAM.question, request.promptQuestion);
  if (request.questionId) params.set(PARAM.questionId, request.questionId);
  if (request.aboutPhotoId != null) params.set(PARAM.aboutPhoto, String(request.aboutPhotoId));
  const query = params.toString();
  return query ? `/record?${query}` : '/record';
}

/** A positive integer id from the address, else null. */
function idParam(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/** What the recorder was opened for, from its address; an id that is not one is ignored. */
export function readRecordingRequest(params: URLSearchParams): RecordingRequest {
  return {
    storyId: idParam(params.get(PARAM.storyId)),
    promptQuestion: params.get(PARAM.question) || null,
    questionId: params.get(PARAM.questionId) || null,
    aboutPhotoId: idParam(params.get(PARAM.aboutPhoto)),
  };
}
