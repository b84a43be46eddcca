import { createHash, randomBytes } from 'node:crypto';

/** A credential handed to a browser or put in a link (a session, a reset or invitation link): 32 random bytes, base64url. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of such a token: its SHA-256 in hex, so a leaked table opens nothing (decision 028). */
export const secretTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
