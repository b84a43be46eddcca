import { unsubscribeToken, type Unsubscribe } from './unsubscribe-token.ts';

/** The path of the one-click unsubscribe (RFC 8058): POST stops, GET leads to the page with a button. */
export const UNSUBSCRIBE_PATH = '/api/email/unsubscribe';

/**
 * The two unsubscribe addresses of an e-mail, from the site's own origin (never a request's
 * headers): the List-Unsubscribe one (POST stops at once) and the footer's page (a button).
 */
export function unsubscribeLinks(origin: string, secret: string, what: Unsubscribe) {
  const token = encodeURIComponent(unsubscribeToken(secret, what));
  const oneClick = `${origin}${UNSUBSCRIBE_PATH}?token=${token}`;
  return {
    page: `${origin}/unsubscribe?token=${token}`,
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
