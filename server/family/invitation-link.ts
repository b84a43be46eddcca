import { FAMILY_INVITATION_DAYS } from '../../contract/family.ts';
import { newSecretToken, secretTokenHash } from '../http/secret-tokens.ts';

const LIFETIME_MS = FAMILY_INVITATION_DAYS * 24 * 60 * 60 * 1000;

/** Only its hash is kept (the shared rule of secret tokens). */
export const hashInvitationToken = secretTokenHash;

/**
 * A new invitation link's secret: 32 random bytes (base64url) for the link, only its
 * SHA-256 for the database (a leaked table opens no circle), and when it stops working.
 */
export function newInvitationToken(): { token: string; tokenHash: string; expiresAt: Date } {
  const token = newSecretToken();
  return { token, tokenHash: hashInvitationToken(token), expiresAt: new Date(Date.now() + LIFETIME_MS) };
}

/** The page a relative opens: on the site's own origin (site-origin.ts), never a request's Host. */
export const invitationLink = (origin: string, token: string) => `${origin}/family/join/${token}`;
