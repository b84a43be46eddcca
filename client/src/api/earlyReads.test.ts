import { afterEach, expect, it, vi } from 'vitest';
import { readEarly, takeEarly, takeEarlyAnswer } from './earlyReads.ts';

afterEach(() => vi.unstubAllGlobals());

/** Lets the stubbed fetch's answer and its body be read (a few turns of the microtask queue and a task). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it("keeps an early read's body once it has come, for a screen's first render, once", async () => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify([{ id: 1 }]), { headers: { Link: '</api/stories?cursor=x>; rel="next"' } })));
  readEarly('/api/stories?filter=all');
  expect(takeEarlyAnswer('/api/stories?filter=all')).toBeUndefined();
  await settle();
  expect(takeEarlyAnswer('/api/stories?filter=all')).toEqual({ body: [{ id: 1 }], link: '</api/stories?cursor=x>; rel="next"' });
  // Taken: later reads ask the server again.
  expect(takeEarlyAnswer('/api/stories?filter=all')).toBeUndefined();
  expect(takeEarly('/api/stories?filter=all')).toBeUndefined();
});

it('keeps no answer from a refused read, and leaves the read to be taken as a response', async () => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{"code":"unauthorized"}', { status: 401 })));
  readEarly('/api/stories/counts');
  await settle();
  expect(takeEarlyAnswer('/api/stories/counts')).toBeUndefined();
  expect((await takeEarly('/api/stories/counts'))?.status).toBe(401);
});
