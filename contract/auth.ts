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
  /** Whether the address is proven the person's: until then nothing but the verification link is mailed to it. */
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const AUTHOR_NAME_MAX = 120;
/** A new password's least length in characters (OWASP ASVS 2.1.1); long passphrases are welcome. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/** A password's length in Unicode code points, as NIST 800-63B counts it: an emoji is one character, not two. */
export const passwordLength = (password: string): number => [...password].length;

export const languagePreferenceBody = z.object({ language: languageSchema });
export const authorNameBody = z.object({ authorName: z.string().trim().max(AUTHOR_NAME_MAX) });

/** A password someone chooses (sign-up, reset): the length rules; the server also judges its strength. */
const newPasswordSchema = z
  .string()
  .max(PASSWORD_MAX)
  .refine((password) => passwordLength(password) >= PASSWORD_MIN, `At least ${PASSWORD_MIN} characters`);

export const signUpBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  password: newPasswordSchema,
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().max(100).optional(),
  /** The page's language, for the e-mail the sign-up sends. */
  language: languageSchema.optional(),
});
/**
 * What sign-up answers, the same for a new and a taken address (it reveals neither);
 * the client then signs in with the same credentials.
 */
export const signUpAnswer = z.object({ message: z.string() });
export const signInBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  password: z.string().min(1).max(PASSWORD_MAX),
});

/** How long a link to reset a forgotten password works. */
export const PASSWORD_RESET_LINK_HOURS = 1;

/** How long a link that verifies an e-mail address works. */
export const EMAIL_VERIFICATION_LINK_HOURS = 48;
/** The token of a link that verifies an address; any string: one that names no live link is a verification_link_invalid. */
export const verifyEmailBody = z.object({ token: z.string().max(200) });
export const verifyEmailAnswer = z.object({ email: z.string() });

/** Asks for a reset link; `language` is the page's, for a person who has not chosen one in the app. */
export const forgotPasswordBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  language: languageSchema.optional(),
});
/** Any token string is accepted here: one that names no live link is a reset_link_invalid, not a validation error. */
export const resetPasswordBody = z.object({ token: z.string().max(200), password: newPasswordSchema });

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
  'rate_limited',
  'validation',
  'password_too_weak',
  'reset_link_invalid',
  'verification_link_invalid',
  'email_not_verified',
  'site_address_unknown',
  'forbidden_origin',
  'not_found',
] as const;
