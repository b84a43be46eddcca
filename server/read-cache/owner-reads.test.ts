import { describe, expect, it } from 'vitest';
import { OwnerReads } from './owner-reads.ts';

const page = (body: string) => ({ body, link: undefined });
const hearing = () => {
  const reads = new OwnerReads({ maxBytes: 1000, maxAgeMs: 60_000 });
  reads.heard();
  return reads;
};

describe('OwnerReads', () => {
  it('answers a kept read until the person changes something', () => {
    const reads = hearing();
    reads.keep(reads.ticket(), 'aino', '/api/stories', page('[1]'));
    reads.keep(reads.ticket(), 'eero', '/api/stories', page('[2]'));
    expect(reads.get('aino', '/api/stories')?.body).toBe('[1]');
    reads.changed('aino');
    expect(reads.get('aino', '/api/stories')).toBeUndefined();
    expect(reads.get('eero', '/api/stories')?.body).toBe('[2]');
  });

  it('does not keep a read that started before a change of the same person', () => {
    const reads = hearing();
    const before = reads.ticket();
    reads.changed('aino');
    reads.keep(before, 'aino', '/api/stories', page('[old]'));
    expect(reads.get('aino', '/api/stories')).toBeUndefined();
    // Someone else's change does not stand in the way, and a read begun after the change is kept.
    const after = reads.ticket();
    reads.changed('eero');
    reads.keep(after, 'aino', '/api/stories', page('[new]'));
    expect(reads.get('aino', '/api/stories')?.body).toBe('[new]');
  });

  it('serves and keeps nothing while changes cannot be heard, nor what was read before they were heard again', () => {
    const reads = new OwnerReads({ maxBytes: 1000, maxAgeMs: 60_000 });
    reads.keep(reads.ticket(), 'aino', '/api/stories', page('[1]'));
    expect(reads.get('aino', '/api/stories')).toBeUndefined();
    reads.heard();
    reads.keep(reads.ticket(), 'aino', '/api/stories', page('[1]'));
    const during = reads.ticket();
    reads.lost();
    expect(reads.get('aino', '/api/stories')).toBeUndefined();
    reads.heard();
    reads.keep(during, 'aino', '/api/stories', page('[read while deaf]'));
    expect(reads.get('aino', '/api/stories')).toBeUndefined();
  });

  it('keeps within its bytes, dropping the least recently read person', () => {
    const reads = hearing();
    reads.keep(reads.ticket(), 'aino', '/a', page('x'.repeat(600)));
    reads.keep(reads.ticket(), 'eero', '/a', page('y'.repeat(600)));
    expect(reads.get('aino', '/a')).toBeUndefined();
    expect(reads.get('eero', '/a')?.body).toHaveLength(600);
    expect(reads.size().bytes).toBeLessThanOrEqual(1000);
  });
});
