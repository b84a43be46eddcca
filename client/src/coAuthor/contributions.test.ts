import { describe, expect, it } from 'vitest';
import type { Contribution } from '../../../contract/co-author.ts';
import { CONTRIBUTION_POLL_LIMIT_MS, contributionWords, shouldPollContributions, splitContributions, storyPreview } from './contributions.ts';

describe('storyPreview', () => {
  it('shows a story that fits whole', () => {
    expect(storyPreview('  A short story.  ', 200)).toEqual({ text: 'A short story.', truncated: false });
    const exact = 'x'.repeat(200);
    expect(storyPreview(exact, 200)).toEqual({ text: exact, truncated: false });
  });

  it('cuts a long story at the last word boundary before the limit', () => {
    const content = 'The summer we spent at the lake was the longest of my childhood, and the water was warm.';
    const preview = storyPreview(content, 40);
    expect(preview.truncated).toBe(true);
    expect(preview.text).toBe('The summer we spent at the lake was the…');
    expect(preview.text.length).toBeLessThanOrEqual(41);
    expect(content.startsWith(preview.text.slice(0, -1))).toBe(true);
  });

  it('keeps a word that ends exactly at the limit and drops trailing punctuation', () => {
    expect(storyPreview('One two three, four five', 13).text).toBe('One two three…');
    expect(storyPreview('One two three, four five', 14).text).toBe('One two three…');
  });

  it('never splits a word at an apostrophe or a hyphen', () => {
    expect(storyPreview("I don't know", 5).text).toBe('I…');
    expect(storyPreview('Our well-known song', 8).text).toBe('Our…');
  });

  it('cuts a single word longer than the limit where it is', () => {
    expect(storyPreview('Supercalifragilistic words', 10)).toEqual({ text: 'Supercalif…', truncated: true });
  });

  it('cuts at about 200 characters by default', () => {
    const words = Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ');
    const preview = storyPreview(words);
    expect(preview.truncated).toBe(true);
    expect(preview.text.length).toBeLessThanOrEqual(201);
    expect(preview.text.length).toBeGreaterThan(180);
    expect(preview.text).toMatch(/word\d+…$/);
  });
});

describe('contributionWords', () => {
  it('counts the words of a transcript, none while there is none', () => {
    expect(contributionWords('Hello there,  my dear\nfriend')).toBe(5);
    expect(contributionWords(null)).toBe(0);
    expect(contributionWords('   ')).toBe(0);
  });
});

const contribution = (id: number, contributorName: string, mine: boolean, processingStatus: Contribution['processingStatus'] = 'transcribed'): Contribution => ({
  id,
  contributorName,
  mine,
  processingStatus,
  transcription: processingStatus === 'transcribed' ? 'Words' : null,
  duration: 3,
  createdAt: '2026-11-23T10:00:00Z',
});

describe('splitContributions', () => {
  const list = [contribution(1, 'Aino', true), contribution(2, 'Aino', false), contribution(3, 'Eino', true), contribution(4, 'Liisa', false)];

  it('gives the person the contributions of this browser under the name typed now', () => {
    const { yours, others } = splitContributions(list, 'Aino');
    expect(yours.map((c) => c.id)).toEqual([1]);
    expect(others.map((c) => c.id)).toEqual([2, 3, 4]);
  });

  it('compares with the trimmed name', () => {
    expect(splitContributions(list, '  Eino ').yours.map((c) => c.id)).toEqual([3]);
  });

  it('gives nothing to someone without a name, and never another browser’s recording', () => {
    expect(splitContributions(list, null).yours).toEqual([]);
    expect(splitContributions(list, '').yours).toEqual([]);
    expect(splitContributions(list, 'Liisa').yours).toEqual([]);
  });
});

describe('shouldPollContributions', () => {
  it('polls while a transcript is on its way, and stops after the limit', () => {
    const pending = [contribution(1, 'Aino', true, 'transcribing'), contribution(2, 'Eino', false)];
    expect(shouldPollContributions(pending, 1_000, 2_000)).toBe(true);
    expect(shouldPollContributions([contribution(1, 'Aino', true, 'uploaded')], 0, CONTRIBUTION_POLL_LIMIT_MS - 1)).toBe(true);
    expect(shouldPollContributions(pending, 0, CONTRIBUTION_POLL_LIMIT_MS)).toBe(false);
  });

  it('does not poll when every transcript is done or failed', () => {
    expect(shouldPollContributions([contribution(1, 'Aino', true), contribution(2, 'Eino', false, 'failed')], 0, 1)).toBe(false);
    expect(shouldPollContributions([], 0, 1)).toBe(false);
  });
});
