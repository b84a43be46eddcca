import { describe, expect, it } from 'vitest';
import type { PublicStory } from '../../../contract/publishing.ts';
import en from '../i18n/locales/en/publishing.json';
import fi from '../i18n/locales/fi/publishing.json';
import { parseEmbeddedStory, publicStoryTime, publishedAgo } from './publicStory.ts';

const story: PublicStory = {
  title: 'The lake',
  content: 'We rowed.\nEvery morning.',
  authorName: 'Aino',
  audioUrl: '/api/published/the-lake/audio',
  publishedAt: '2025-06-15T12:00:00.000Z',
  language: 'en',
  temporalType: null,
  year: null,
  month: null,
  day: null,
  endYear: null,
  photos: [],
  hearVoice: false,
};

describe('publicStoryTime', () => {
  it('says the time in the page’s language, from the public vocabulary', () => {
    expect(publicStoryTime({ ...story, temporalType: 'specific', year: 1969, month: 7, day: 20 }, 'en')).toBe('July 20, 1969');
    expect(publicStoryTime({ ...story, temporalType: 'specific', year: 1969, month: 7, day: 20 }, 'fi')).toBe('20. heinäkuuta 1969');
    expect(publicStoryTime({ ...story, temporalType: 'month', year: 1969, month: 7 }, 'en')).toBe('July 1969');
    expect(publicStoryTime({ ...story, temporalType: 'year', year: 1969 }, 'fi')).toBe('1969');
    expect(publicStoryTime({ ...story, temporalType: 'span', year: 1960, endYear: 1965 }, 'en')).toBe('1960–1965');
  });

  it('is null without a time', () => {
    expect(publicStoryTime(story, 'en')).toBeNull();
    expect(publicStoryTime({ ...story, temporalType: 'year' }, 'en')).toBeNull();
  });
});

describe('publishedAgo', () => {
  const now = Date.parse('2025-06-15T12:00:00Z');
  it('says how long ago, in the language asked', () => {
    expect(publishedAgo('2025-06-15T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(publishedAgo('2025-06-15T11:55:00Z', 'fi', now)).toBe('5 minuuttia sitten');
  });

  it('is never in the future when the server’s clock runs ahead', () => {
    expect(publishedAgo('2025-06-15T12:00:02Z', 'en', now)).toBe('now');
  });
});

describe('parseEmbeddedStory', () => {
  it('reads the story the server rendered into the page', () => {
    expect(parseEmbeddedStory(JSON.stringify(story))).toEqual(story);
  });

  it('ignores what is not a public story', () => {
    expect(parseEmbeddedStory(null)).toBeNull();
    expect(parseEmbeddedStory('')).toBeNull();
    expect(parseEmbeddedStory('{not json')).toBeNull();
    expect(parseEmbeddedStory(JSON.stringify({ title: 'only a title' }))).toBeNull();
  });
});

function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('publishing translations', () => {
  it('has the same keys in English and Finnish, none empty', () => {
    expect(keyPaths(fi).sort()).toEqual(keyPaths(en).sort());
    for (const locale of [en, fi]) {
      for (const path of keyPaths(locale)) {
        const text = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], locale);
        expect(typeof text === 'string' && text.trim() !== '', path).toBe(true);
      }
    }
  });

  it('says the spec’s words', () => {
    expect(en.toast.publishFailed).toBe('Publishing Failed');
    expect(en.toast.unpublishFailed).toBe('Failed to unpublish story.');
    expect(en.toast.copyFailed).toBe('Failed to copy link to clipboard');
    expect(en.page.notFound.title).toBe('Story Not Found');
    expect(en.page.notFound.description).toBe("The story you're looking for doesn't exist or has been unpublished.");
    expect(Object.values(en.progress.stage)).toEqual(['Preparing', 'Uploading', 'Generating narration', 'Finalizing', 'Complete']);
  });
});
