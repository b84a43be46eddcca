import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type ArchiveStory, archiveStorySchema } from '../format.ts';
import { storyMarkdown } from './story-markdown.ts';

const story: ArchiveStory = archiveStorySchema.parse({
  id: 7,
  title: 'Kesä: "järvellä" # 1965',
  content: 'We rowed across the lake.\n\n---\n\nEvery morning.',
  language: 'fi',
  status: 'generated',
  pointOfView: 'first',
  style: 'clear_narrative',
  tone: null,
  creativity: null,
  promptQuestion: 'What did summers smell like?',
  questionId: 'childhood.smell',
  chapterId: 3,
  chapterOrder: 0,
  metadata: { people: [], locations: [], dates: [], storyType: 'other' },
  time: { type: 'year_span', specificDate: null, month: null, year: 1965, endYear: 1968 },
  titleEditedAt: '2024-05-02T10:00:00.000Z',
  contentEditedAt: null,
  generatedAt: '2024-05-01T10:00:00.000Z',
  createdAt: '2024-05-01T09:00:00.000Z',
  updatedAt: '2024-05-02T10:00:00.000Z',
  published: { url: 'https://saaga.example/published/kesa', publishedAt: '2024-05-03T10:00:00.000Z' },
  markdownFile: 'stories/2024-05-01 Kesä.md',
  narrationFile: null,
});
const links = {
  chapter: 'Lapsuus',
  people: ['Anna'],
  places: ['Näsijärvi'],
  recordings: ['recordings/2024-05-01 Kesä.webm'],
  contributors: ['Matti'],
  photos: ['photos/1965-07-01 Mökki.heic', 'photos/2024-05-01 Kesä.jpg'],
};

function frontMatter(markdown: string): { yaml: Record<string, unknown>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(markdown);
  if (!match) throw new Error(`no front matter in:\n${markdown}`);
  return { yaml: parse(match[1]), body: match[2] };
}

describe('storyMarkdown', () => {
  it('front matter that parses as YAML with every field the archive promises, then the text unchanged', () => {
    const { yaml, body } = frontMatter(storyMarkdown(story, links));
    expect(yaml).toEqual({
      title: 'Kesä: "järvellä" # 1965',
      created: '2024-05-01T09:00:00.000Z',
      updated: '2024-05-02T10:00:00.000Z',
      time: { type: 'year_span', year: 1965, endYear: 1968 },
      people: ['Anna'],
      places: ['Näsijärvi'],
      chapter: 'Lapsuus',
      style: 'clear_narrative',
      pointOfView: 'first',
      tone: null,
      language: 'fi',
      handEdited: { title: '2024-05-02T10:00:00.000Z', content: null },
      published: 'https://saaga.example/published/kesa',
      recordings: ['recordings/2024-05-01 Kesä.webm'],
      contributors: ['Matti'],
      photos: ['photos/1965-07-01 Mökki.heic', 'photos/2024-05-01 Kesä.jpg'],
      question: 'What did summers smell like?',
    });
    expect(body).toBe('We rowed across the lake.\n\n---\n\nEvery morning.\n');
  });

  it('a story with no time, chapter, publication or question says so', () => {
    const plain = { ...story, time: { ...story.time, type: null, year: null, endYear: null }, published: null, promptQuestion: null };
    const { yaml } = frontMatter(storyMarkdown(plain, { ...links, chapter: null, contributors: [] }));
    expect(yaml).toMatchObject({ time: null, chapter: null, published: null, contributors: [] });
    expect(yaml).not.toHaveProperty('question');
  });
});
