import { describe, expect, it } from 'vitest';
import { answerQuestionSchema, followUpPollInterval, followUpQuestionId, questionsExpectedSince, readFollowUpQuestionId } from './follow-ups.ts';

const CREATED = '2026-05-01T12:00:00.000Z';
const at = (seconds: number) => Date.parse(CREATED) + seconds * 1000;

describe('followUpPollInterval (spec 7.12)', () => {
  it('every 2 s while a new story has none, every 3 s with some within 30 s, none after 60 s', () => {
    expect(followUpPollInterval(CREATED, 0, at(1))).toBe(2000);
    expect(followUpPollInterval(CREATED, 0, at(45))).toBe(2000);
    expect(followUpPollInterval(CREATED, 2, at(10))).toBe(3000);
    expect(followUpPollInterval(CREATED, 2, at(31))).toBe(false);
    expect(followUpPollInterval(CREATED, 0, at(61))).toBe(false);
    // A device clock a little behind the server's: the story reads as new.
    expect(followUpPollInterval(CREATED, 0, at(-5))).toBe(2000);
  });

  it('counts from the latest writing of a rewritten story', () => {
    expect(questionsExpectedSince({ createdAt: CREATED, generatedAt: null })).toBe(CREATED);
    expect(questionsExpectedSince({ createdAt: CREATED, generatedAt: '2026-05-02T08:00:00.000Z' })).toBe('2026-05-02T08:00:00.000Z');
  });
});

describe('the answer body and question ids', () => {
  it('takes a story id as a number or numeric text, and refuses anything else naming the field', () => {
    expect(answerQuestionSchema.parse({ answerStoryId: '12' }).answerStoryId).toBe(12);
    for (const answerStoryId of [undefined, 'x', 0, -1, 2.5, 3_000_000_000]) {
      const result = answerQuestionSchema.safeParse({ answerStoryId });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toContain('answerStoryId');
    }
  });

  it('a follow-up question\'s id reads back; an interviewer question\'s is none', () => {
    expect(readFollowUpQuestionId(followUpQuestionId(42))).toBe(42);
    expect(readFollowUpQuestionId('childhood.home')).toBeNull();
    expect(readFollowUpQuestionId(null)).toBeNull();
  });
});
