import { z } from 'zod';
import { languageSchema } from './languages.ts';

/**
 * "Tell me about this picture" (issue 27): a recording told about a photo carries its id
 * (`aboutPhotoId`, an upload field); the interviewer offers the photos that have no story
 * yet; Talk with Saaga can open with a question about a photo.
 */

/** How many photos without a story the interviewer offers at once. */
export const PHOTO_PROMPTS_SHOWN = 6;

/** A photo the interviewer asks about: no story is its home, and no recording was told about it. */
export const photoPromptSchema = z.object({
  id: z.number().int(),
  caption: z.string(),
  /** YYYY-MM-DD from the photo's EXIF, when the camera wrote one. */
  takenOn: z.string().nullable(),
  /** The story that is the photo's home, if one is: the recorder offers to add to it. */
  storyId: z.number().int().nullable(),
  /** The thumbnail (contract/photos.ts photoUrl). */
  thumbUrl: z.string(),
});
export type PhotoPrompt = z.infer<typeof photoPromptSchema>;

/** GET /api/interviewer/photo-prompts: newest first, at most PHOTO_PROMPTS_SHOWN (`GET /api/interviewer/photo-prompts/{id}`: one, a PhotoPrompt). */
export const photoPromptsSchema = z.object({ photos: z.array(photoPromptSchema) });
export type PhotoPrompts = z.infer<typeof photoPromptsSchema>;

/** POST /api/conversation/photo-question: the first question of a conversation about a photo. */
export const photoQuestionRequestSchema = z.object({
  photoId: z.number().int().positive(),
  language: languageSchema,
});
export type PhotoQuestionRequest = z.infer<typeof photoQuestionRequestSchema>;

/** The writer's question (grounded in the caption and the date), or Saaga's own when the writer is not there or named what the caption does not. */
export const photoQuestionResponseSchema = z.object({
  question: z.string(),
  source: z.enum(['writer', 'fallback']),
});
export type PhotoQuestionResponse = z.infer<typeof photoQuestionResponseSchema>;

/** The recorder's and the conversation's address parameter naming the photo told about. */
export const ABOUT_PHOTO_PARAM = 'aboutPhoto';
