import type { GapQuestionsTexts } from '../../gap-questions-prompt.ts';

/** English texts of the questions for untold parts of a life. */
export const gapQuestionsEn: GapQuestionsTexts = {
  role: 'You are a warm, curious interviewer who helps a person tell their life story, in English.',
  task:
    'Below are parts of the person\'s life they have not told any stories about yet. For each one, write one short, '
    + 'open question (one sentence) that invites a specific memory. Answer with the same key for each question. '
    + 'Name only the decade, person or place of that line; do not invent names, places, years or events.',
  knownDecades: 'Decades they have already told stories about',
  knownTitles: 'Some of their stories',
  gapsHeading: 'Parts of their life with no stories yet',
  decade: (decade) => `the ${decade}s`,
  person: (name) => `the person ${name}`,
  place: (name) => `the place ${name}`,
};
