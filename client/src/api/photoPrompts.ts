import { useQuery } from '@tanstack/react-query';
import type { Language } from '../../../contract/languages.ts';
import { photoPromptSchema, photoPromptsSchema, photoQuestionResponseSchema, type PhotoQuestionResponse } from '../../../contract/photo-prompts.ts';
import { PHOTO_UPLOAD_FIELDS, photoListSchema, type PhotoView } from '../../../contract/photos.ts';
import { apiRequest, getJson } from './request.ts';

const PROMPTS = '/api/interviewer/photo-prompts';

/** GET /api/interviewer/photo-prompts: the person's photos with no story yet. */
export function usePhotoPrompts() {
  return useQuery({
    // Under the interviewer's key: a new recording (dataChanged) reads it again.
    queryKey: ['/api/interviewer', 'photo-prompts'] as const,
    queryFn: async () => photoPromptsSchema.parse(await getJson<unknown>(PROMPTS)).photos,
  });
}

/** One photo a recording or a conversation is told about: its caption, day taken and story home. */
export function usePhotoPrompt(photoId: number | null) {
  return useQuery({
    queryKey: ['/api/interviewer', 'photo-prompts', photoId ?? 0] as const,
    queryFn: async () => photoPromptSchema.parse(await getJson<unknown>(`${PROMPTS}/${photoId}`)),
    enabled: photoId !== null,
    retry: false,
  });
}

/** POST /api/conversation/photo-question: the first question of a conversation about a photo. */
export async function fetchPhotoQuestion(photoId: number, language: Language): Promise<PhotoQuestionResponse> {
  return photoQuestionResponseSchema.parse(await apiRequest('POST', '/api/conversation/photo-question', { photoId, language }));
}

/** POST /api/photos: one photo from the device, with no home yet, to be told about. */
export async function uploadLoosePhoto(file: File): Promise<PhotoView> {
  const form = new FormData();
  form.append(PHOTO_UPLOAD_FIELDS.file, file, file.name);
  const { photos } = photoListSchema.parse(await apiRequest('POST', '/api/photos', form));
  return photos[0];
}
