/**
 * The session cookie's name. Auth sets and reads it; the HTTP layer only asks whether a
 * request carries one (which page a visitor gets first, spa.ts).
 */
export const SESSION_COOKIE = 'saaga_session';
