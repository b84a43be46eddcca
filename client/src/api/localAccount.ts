import type { z } from 'zod';
import type { forgotPasswordBody, resetPasswordBody, signInBody, signUpBody } from '../../../contract/auth.ts';
import { apiRequest, getJson } from './request.ts';

/** What the pages send: the bodies' input shapes (the server trims and checks them). */
type Body<T extends z.ZodType> = z.input<T>;

/** POST /api/auth/local/sign-in: answers with the signed-in user. */
export const signIn = (body: Body<typeof signInBody>) => apiRequest<unknown>('POST', '/api/auth/local/sign-in', body);

/** POST /api/auth/local/sign-up: the same answer for a new and a taken address; sign in next. */
export const signUp = (body: Body<typeof signUpBody>) => apiRequest<unknown>('POST', '/api/auth/local/sign-up', body);

/** POST /api/auth/local/forgot-password: a link goes out if the address has an account (never told). */
export const requestPasswordReset = (body: Body<typeof forgotPasswordBody>) => apiRequest<unknown>('POST', '/api/auth/local/forgot-password', body);

/** GET /api/auth/local/reset-password/{token}: 204 while the link works, else 410 reset_link_invalid. */
export async function checkResetLink(token: string): Promise<true> {
  await getJson(`/api/auth/local/reset-password/${encodeURIComponent(token)}`);
  return true;
}

/** POST /api/auth/local/reset-password: the new password; answers with the signed-in user. */
export const resetPassword = (body: Body<typeof resetPasswordBody>) => apiRequest<unknown>('POST', '/api/auth/local/reset-password', body);
