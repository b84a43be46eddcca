import { describe, expect, it } from 'vitest';
import { withMyReaction } from '../../api/familyRespond.ts';
import { replyCopyOwner, replyLeaveRule } from './useReplyRecorder.ts';

describe('withMyReaction (the counts shown at once after a tap)', () => {
  const counts = [
    { reaction: 'heart' as const, count: 2, mine: false },
    { reaction: 'tears' as const, count: 1, mine: true },
  ];

  it('moves the reader\'s one reaction: the old one loses it, the new one gains it', () => {
    expect(withMyReaction(counts, 'heart')).toEqual([{ reaction: 'heart', count: 3, mine: true }]);
  });

  it('adds a reaction nobody had left yet', () => {
    expect(withMyReaction([{ reaction: 'heart', count: 2, mine: false }], 'hug')).toEqual([
      { reaction: 'heart', count: 2, mine: false },
      { reaction: 'hug', count: 1, mine: true },
    ]);
  });

  it('takes it back: everyone else\'s stay', () => {
    expect(withMyReaction(counts, null)).toEqual([{ reaction: 'heart', count: 2, mine: false }]);
  });
});

describe('the voice reply\'s leave rule', () => {
  it('lets the person go with no take, asks while one is recorded or unsent, waits while it is sent', () => {
    expect(replyLeaveRule({ phase: 'idle' })).toBe('free');
    expect(replyLeaveRule({ phase: 'recording' })).toBe('ask');
    expect(replyLeaveRule({ phase: 'paused' })).toBe('ask');
    expect(replyLeaveRule({ phase: 'checking' })).toBe('ask');
    const take = { audio: new Blob(['x']), durationSeconds: 3, recordedAt: new Date(), copyId: 'copy' };
    expect(replyLeaveRule({ phase: 'unsent', take, message: 'offline' })).toBe('ask');
    expect(replyLeaveRule({ phase: 'sending', sent: 0.5 })).toBe('wait');
  });

  it('keeps a reply\'s device copy apart from the signed-in recorder\'s (whose owner is a user id)', () => {
    expect(replyCopyOwner('family:4,9', 12)).toBe('family-reply:family:4,9:12');
  });
});
