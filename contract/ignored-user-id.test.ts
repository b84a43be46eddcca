import { describe, expect, it } from 'vitest';
import { serverLinesMatching } from '../test/support/server-sources.ts';
import { autobiographyCreateSchema } from './autobiography.ts';
import { chapterCreateSchema, chapterUpdateSchema } from './chapters.ts';
import { answerQuestionSchema } from './follow-ups.ts';
import { ignoredUserId, withoutUserId } from './ignored-user-id.ts';

describe('a userId in a body', () => {
  it('is accepted as the spec’s clients send it and dropped', () => {
    expect(withoutUserId({ title: 'Travel', userId: 'someone' })).toEqual({ title: 'Travel' });
    for (const value of ['someone', 7, null, undefined]) expect(ignoredUserId.safeParse(value).success).toBe(true);
  });

  it('never reaches a handler: every body that may carry one parses without it', () => {
    const bodies = [
      chapterCreateSchema.parse({ title: 'Travel', userId: 'someone' }),
      chapterUpdateSchema.parse({ title: 'Travel', userId: 42 }),
      autobiographyCreateSchema.parse({ storyIds: [1], title: 'My life', language: 'en', userId: 'someone' }),
      answerQuestionSchema.parse({ answerStoryId: 3, userId: 'someone' }),
    ];
    for (const body of bodies) expect(body).not.toHaveProperty('userId');
  });
});

// Left for the coordinator: folders another helper was moving (end personCreateSchema,
// personUpdateSchema, placeCreateSchema and placeUpdateSchema with .transform(withoutUserId),
// then drop the handlers' own stripping).
const PENDING: string[] = [];

it('no handler strips a userId itself, and no schema defines its own ignored userId', () => {
  expect(
    serverLinesMatching(/userId:\s*_\w*\s*,\s*\.\.\.|const ignoredUserId\s*=|userId:\s*z\.unknown\(\)/, {
      alsoContract: true,
      except: ['contract/ignored-user-id.ts', ...PENDING],
    }),
  ).toEqual([]);
});
