import { z } from 'zod';
import { languageSchema } from './languages.ts';

/** The signed-in user as GET /api/auth/user returns it. */
export const currentUserSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  authorName: z.string().nullable(),
  languagePreference: languageSchema.nullable(),
  profileImageUrl: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const AUTHOR_NAME_MAX = 120;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const languagePreferenceBody = z.object({ language: languageSchema });
export const authorNameBody = z.object({ authorName: z.string().trim().max(AUTHOR_NAME_MAX) });

export const signUpBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().max(100).optional(),
});
export const signInBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  password: z.string().min(1).max(PASSWORD_MAX),
});

/** Which sign-in methods this server offers (GET /api/auth/providers). */
export const authProvidersSchema = z.object({ google: z.boolean(), oidc: z.boolean(), local: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** Error body of every failed API call; `code` lets the client pick a translated text. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const AUTH_ERROR_CODES = [
  'unauthorized',
  'invalid_credentials',
  'email_taken',
  'rate_limited',
  'validation',
  'forbidden_origin',
  'not_found',
] as const;
