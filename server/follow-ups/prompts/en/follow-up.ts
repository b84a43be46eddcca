import type { FollowUpTexts } from '../../follow-up-prompt.ts';

/** English texts of follow-up questions. */
export const followUpEn: FollowUpTexts = {
  role: 'You help people tell their life stories by asking warm, curious follow-up questions, in English.',
  task: (count) =>
    `Ask ${count} short, open follow-up questions that would help the person tell more about the memories below. `
    + 'Each question is one sentence, personal and kind, and about something they mentioned but did not tell in full. '
    + 'Refer only to people, places and events that appear in the memories.',
  avoid: 'Do not repeat or rephrase these questions, which were already asked',
  storyHeading: (n, title) => (title ? `Memory ${n}: ${title}` : `Memory ${n}`),
};
