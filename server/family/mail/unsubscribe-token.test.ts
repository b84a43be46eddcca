import { expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.ts';

const SECRET = 'a server secret that is long enough 0123456789';
const USER = '0b6f3f3e-8c1a-4f4e-9d57-2a7d0c2b9e11';

it('names what it stops and reads back only with the secret it was signed with', () => {
  const weekly = unsubscribeToken(SECRET, { kind: 'weekly', userId: USER });
  const notices = unsubscribeToken(SECRET, { kind: 'notices', memberId: 12 });
  expect(readUnsubscribeToken(SECRET, weekly)).toEqual({ kind: 'weekly', userId: USER });
  expect(readUnsubscribeToken(SECRET, notices)).toEqual({ kind: 'notices', memberId: 12 });
  expect(readUnsubscribeToken('another secret that is long enough 0123456789', weekly)).toBeNull();
});

it('refuses a token altered to stop something else, or cut short', () => {
  const notices = unsubscribeToken(SECRET, { kind: 'notices', memberId: 12 });
  expect(readUnsubscribeToken(SECRET, notices.replace('n.12.', 'n.13.'))).toBeNull();
  expect(readUnsubscribeToken(SECRET, notices.slice(0, -1))).toBeNull();
  expect(readUnsubscribeToken(SECRET, `${notices}A`)).toBeNull();
  expect(notices.split('.')[2]).toHaveLength(43); // 256 bits of HMAC
});
