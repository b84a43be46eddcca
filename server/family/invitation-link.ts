import { createHash, randomBytes } from 'node:crypto';
import { FAMILY_INVITATION_DAYS } from '../../contract/family.ts';

const LIFETIME_MS = FAMILY_INVITATION_DAYS * 24 * 60 * 60 * 1000;

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new invitation link's secret: 32 random bytes (base64url) for the link, only its
 * SHA-256 for the database (a leaked table opens no circle), and when it stops working.
 */
export function newInvitationToken(): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token), expiresAt: new Date(Date.now() + LIFETIME_MS) };
}

/** The page a relative opens: on the site's own origin (site-origin.ts), never a request's Host. */
export const invitationLink = (origin: string, token: string) => `${origin}/family/join/${token}`;
