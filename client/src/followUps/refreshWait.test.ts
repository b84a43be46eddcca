import { describe, expect, it } from 'vitest';
import { REFRESH_WAIT_MS, refreshOutcome, type RefreshNow } from './refreshWait.ts';

const wait = { key: '1,2', requestedAt: '2026-11-28T10:00:00.000Z', since: 1_000 };
const at = (fields: Partial<RefreshNow>): RefreshNow => ({ key: '1,2', questionsReadAt: 2_000, checkedAt: null, stateReadAt: 2_000, now: 3_000, ...fields });

describe('when a follow-up refresh is over', () => {
  it('new questions end it at once', () => {
    expect(refreshOutcome(wait, at({ key: '3,4' }))).toBe('newQuestions');
  });

  it('a job finished after the request, with the questions read since, ends it as soon as it is seen, long before a minute', () => {
    expect(refreshOutcome(wait, at({ checkedAt: '2026-11-28T10:00:01.000Z', stateReadAt: 2_500, questionsReadAt: 2_600 }))).toBe('nothingNew');
  });

  it('waits for the questions to be read again after the job is seen finished (they may have just changed)', () => {
    expect(refreshOutcome(wait, at({ checkedAt: '2026-11-28T10:00:01.000Z', stateReadAt: 2_500, questionsReadAt: 2_400 }))).toBe('waiting');
  });

  it('a job that finished before the request is not this one', () => {
    expect(refreshOutcome(wait, at({ checkedAt: '2026-11-28T09:59:59.000Z' }))).toBe('waiting');
    expect(refreshOutcome(wait, at({ checkedAt: null }))).toBe('waiting');
  });

  it('without word from the server it gives up after the longest wait', () => {
    expect(refreshOutcome(wait, at({ now: wait.since + REFRESH_WAIT_MS - 1 }))).toBe('waiting');
    expect(refreshOutcome(wait, at({ now: wait.since + REFRESH_WAIT_MS }))).toBe('nothingNew');
  });
});
