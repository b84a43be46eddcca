import { describe, expect, it } from 'vitest';
import type { FollowUpRequest } from './follow-up-prompt.ts';
import { followUpTask } from './follow-up-task.ts';

const STORY = 'Every summer we rowed across Näsijärvi with my uncle Pekka.';
const request: FollowUpRequest = { stories: [{ content: STORY }], language: 'en', sources: [STORY] };
const ground = (questions: string[], extra: Partial<FollowUpRequest> = {}) => followUpTask.ground({ questions }, { ...request, ...extra });

describe('the follow-up task keeps new, grounded questions, de-duplicated once', () => {
  it('a repeat in another case or spacing takes no place of the count', () => {
    expect(ground(['What did Pekka say?', 'what did  Pekka say? ', 'How cold was the lake?', 'Who rowed back?'])).toEqual({
      questions: ['What did Pekka say?', 'How cold was the lake?', 'Who rowed back?'],
      ungrounded: 0,
    });
  });

  it('drops what was asked before, whatever its case or spacing', () => {
    expect(ground(['Who rowed back?', 'Where did you start?'], { existingQuestions: ['  WHO rowed   back?'] }).questions).toEqual(['Where did you start?']);
  });

  it('takes the count first, then drops and counts the questions naming what nobody told', () => {
    expect(ground(['What did Anna think?', 'How cold was it?', 'Who rowed back?', 'Where did you start?'], { count: 3 })).toEqual({
      questions: ['How cold was it?', 'Who rowed back?'],
      ungrounded: 1,
    });
  });
});
