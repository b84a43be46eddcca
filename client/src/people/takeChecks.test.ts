import { expect, it } from 'vitest';
import { takeProblem } from './takeChecks.ts';

it('refuses an empty, a tiny and a too short take, in that order', () => {
  expect(takeProblem({ sizeBytes: 0, seconds: 5 })).toBe('noAudio');
  expect(takeProblem({ sizeBytes: 999, seconds: 0.5 })).toBe('tooSmall');
  expect(takeProblem({ sizeBytes: 5000, seconds: 0.9 })).toBe('tooShort');
  expect(takeProblem({ sizeBytes: 1000, seconds: 1 })).toBeNull();
});
