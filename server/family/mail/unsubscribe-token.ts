import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What one unsubscribe link stops: a storyteller's weekly question, or one member's notices of
 * new stories. The token names it and carries an HMAC-SHA256 of the name with a key derived
 * from the server's secret (SESSION_SECRET): 43 characters no one can guess or alter, and no
 * table to keep. It stops the same thing every time it is used, as RFC 8058 expects.
 */
export type Unsubscribe = { kind: 'weekly'; userId: string } | { kind: 'notices'; memberId: number };

const PURPOSE = 'saaga unsubscribe v1';

const keyOf = (secret: string) => createHmac('sha256', secret).update(PURPOSE).digest();
const nameOf = (what: Unsubscribe) => (what.kind === 'weekly' ? `w.${what.userId}` : `n.${what.memberId}`);
const macOf = (secret: string, name: string) => createHmac('sha256', keyOf(secret)).update(name).digest();

export function unsubscribeToken(secret: string, what: Unsubscribe): string {
  const name = nameOf(what);
  return `${name}.${macOf(secret, name).toString('base64url')}`;
}

/** What a token stops, or null when it is not one this server signed. */
export function readUnsubscribeToken(secret: string, token: string): Unsubscribe | null {
  const match = /^(w\.[0-9a-f-]{36}|n\.\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, name, mac] = match;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(secret, name);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return name.startsWith('w.') ? { kind: 'weekly', userId: name.slice(2) } : { kind: 'notices', memberId: Number(name.slice(2)) };
}
