import { z } from 'zod';
import { languageSchema } from './languages.ts';
import { publicPhotoSchema } from './photos.ts';

/**
 * A story's co-author link (spec 7.7): one per story, a long random token (32 random bytes,
 * base64url, 43 characters). Revoking it deletes it; the contributions made through it stay
 * on the story. Only the token's hash is kept (decision 028): the token and address come
 * once, in the answer that made the link; afterwards both are null (the link exists).
 */
export const coAuthorTokenSchema = z.object({
  id: z.number(),
  token: z.string().nullable(),
  createdAt: z.string(),
  /** Absolute URL of the co-author page, in the answer that made the link only. */
  url: z.string().nullable(),
});
export type CoAuthorTokenDto = z.infer<typeof coAuthorTokenSchema>;

/** Tokens are base64url; anything else cannot be one (refused before the database is asked). */
export const COAUTHOR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The contributing browser's own key, given by the server with its first contribution and
 * sent back in this header on every co-author call; only its hash is stored. Deleting a
 * contribution needs the same name and this key.
 */
export const CONTRIBUTOR_KEY_HEADER = 'x-contributor-key';
export const CONTRIBUTOR_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A contributor's self-typed name: trimmed, not empty. */
export const CONTRIBUTOR_NAME_MAX_LENGTH = 100;
export const contributorNameSchema = z
  .string({ error: 'Name required' })
  .trim()
  .min(1, 'Name required')
  .max(CONTRIBUTOR_NAME_MAX_LENGTH, 'Name required');

/** One contribution as the co-author page lists it. */
export const contributionSchema = z.object({
  id: z.number(),
  contributorName: z.string(),
  /** The transcript, or null while it is being made (see processingStatus). */
  transcription: z.string().nullable(),
  processingStatus: z.enum(['uploaded', 'transcribing', 'transcribed', 'failed']),
  duration: z.number().nullable(),
  createdAt: z.string(),
  /** Made from this browser (its contributor key matches): only these can be deleted, by the same name. */
  mine: z.boolean(),
});
export type Contribution = z.infer<typeof contributionSchema>;

/**
 * A photo of the story as the co-author page shows it (issue 27): derived copies only, at
 * this link's addresses; a relative's under their name, `mine` when this browser added it
 * (only these can be deleted, by the same name, like a recording).
 */
export const coAuthorPhotoSchema = publicPhotoSchema.extend({
  contributorName: z.string().nullable(),
  mine: z.boolean(),
});
export type CoAuthorPhoto = z.infer<typeof coAuthorPhotoSchema>;

/** GET /api/co-author/{token} (public). The owner's own recordings are not listed, only contributions. */
export const coAuthorViewSchema = z.object({
  story: z.object({ title: z.string(), content: z.string(), language: languageSchema }),
  /** The story owner's author name, or their first name; null when neither is set. */
  ownerName: z.string().nullable(),
  recordings: z.array(contributionSchema),
  /** The story's photos (the cover first), the owner's and relatives'. */
  photos: z.array(coAuthorPhotoSchema),
});
export type CoAuthorView = z.infer<typeof coAuthorViewSchema>;

/** The newest contributions listed on the co-author page. */
export const CONTRIBUTIONS_LIMIT = 100;

/** POST /api/co-author/{token}/recordings answers 201 with the new contribution and the browser's key. */
export const contributionResultSchema = z.object({
  recording: contributionSchema,
  /** Keep it on the device (localStorage, per token) and send it in CONTRIBUTOR_KEY_HEADER. */
  contributorKey: z.string(),
});
export type ContributionResult = z.infer<typeof contributionResultSchema>;

/** POST /api/co-author/{token}/photos answers 201 with the new photos and the browser's key (the same key as its recordings'). */
export const coAuthorPhotoResultSchema = z.object({
  photos: z.array(coAuthorPhotoSchema),
  contributorKey: z.string(),
});
export type CoAuthorPhotoResult = z.infer<typeof coAuthorPhotoResultSchema>;

/** DELETE /api/co-author/{token}/recordings/{id} and /photos/{id} body. */
export const deleteContributionBodySchema = z.object({ contributorName: contributorNameSchema });

/** Story preview on the co-author page (spec 9.6): about this many characters, cut at a word boundary. */
export const COAUTHOR_PREVIEW_LENGTH = 200;

/** Device storage key of a link's contributor key and name. */
export const contributorStorageKey = (token: string) => `saaga.coAuthor.${token}`;
