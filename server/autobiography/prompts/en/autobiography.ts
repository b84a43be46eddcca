import type { AutobiographyChapterTexts, AutobiographyTexts } from '../../autobiography-prompt.ts';

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

/** English texts of one chapter of an autobiography. */
export const autobiographyChapterEn: AutobiographyChapterTexts = {
  role: 'You are a skilled ghostwriter writing a person\'s autobiography one chapter at a time from their own life stories.',
  task: (n, count, book) =>
    `Write chapter ${n} of ${count} of the autobiography "${book}" from the stories below: one continuous chapter that follows their order, `
    + 'with smooth transitions, and that reads on naturally from the end of the chapter before when it is given.',
  grounding:
    'Use only what the stories say: name no person, place, year or date that they do not, and add no events. Write in English.',
  format: 'Write plain paragraphs separated by blank lines; no headings, lists or HTML. Return the chapter title and its text.',
  title: (title) => (title ? `The chapter's title is "${title}".` : 'Give the chapter a short title drawn from its stories.'),
  previousEnding: 'The end of the chapter before (do not repeat it)',
  storyHeading: (n, title, when) => `Story ${n}: ${title}${when ? ` (${when})` : ''}`,
};
