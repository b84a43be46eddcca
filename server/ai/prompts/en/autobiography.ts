import type { AutobiographyTexts } from '../types.ts';

/** English texts of the autobiography task. */
export const autobiographyEn: AutobiographyTexts = {
  role: 'You are a skilled ghostwriter who weaves a person\'s life stories into one autobiography.',
  task:
    'Weave the stories below into one continuous autobiography, in chronological order where the stories say when they happened, '
    + 'with smooth transitions between them. Use "## " headings for its parts; otherwise write plain paragraphs separated by blank lines.',
  grounding: 'Keep every fact from the stories and add none: no new people, places, dates or events. Write in English.',
  title: (title) => (title ? `Title it "${title}".` : 'Give it a fitting title.'),
  storyHeading: (n, title, when) => `Story ${n}: ${title}${when ? ` (${when})` : ''}`,
};
