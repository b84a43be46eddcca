import { describe, expect, it } from 'vitest';
import { sessionCache } from './session-cache.ts';

const ttlMs = 60_000;
const later = () => new Date(Date.now() + 3_600_000);
const aino = { id: 'aino' };
const eino = { id: 'eino' };

describe('the session cache', () => {
  it('holds at most maxEntries sessions, forgetting the least recently used', () => {
    const cache = sessionCache<{ id: string }>({ ttlMs, maxEntries: 2 });
    cache.remember('one', aino, later(), cache.generation());
    cache.remember('two', eino, later(), cache.generation());
    expect(cache.get('one')).toBe(aino);
    cache.remember('three', eino, later(), cache.generation());
    expect(cache.size).toBe(2);
    expect(cache.get('two')).toBeUndefined();
    expect(cache.get('one')).toBe(aino);
  });

  it('forgets one session, or every session of a user', () => {
    const cache = sessionCache<{ id: string }>({ ttlMs, maxEntries: 10 });
    for (const [token, user] of [['a1', aino], ['a2', aino], ['e1', eino]] as const) cache.remember(token, user, later(), cache.generation());
    cache.forgetSession('e1');
    expect(cache.get('e1')).toBeUndefined();
    cache.forgetUser('aino');
    expect([cache.get('a1'), cache.get('a2')]).toEqual([undefined, undefined]);
  });

  it('does not remember what was read before a session ended', () => {
    const cache = sessionCache<{ id: string }>({ ttlMs, maxEntries: 10 });
    const readAt = cache.generation();
    cache.forgetSession('a1');
    cache.remember('a1', aino, later(), readAt);
    expect(cache.get('a1')).toBeUndefined();
  });

  it('does not remember a session past its own end, nor anything when turned off', () => {
    const cache = sessionCache<{ id: string }>({ ttlMs, maxEntries: 10 });
    cache.remember('a1', aino, new Date(Date.now() - 1), cache.generation());
    expect(cache.get('a1')).toBeUndefined();
    const off = sessionCache<{ id: string }>({ ttlMs: 0, maxEntries: 10 });
    off.remember('a1', aino, later(), off.generation());
    expect(off.get('a1')).toBeUndefined();
  });
});
