import type { PhotoQuestionTexts } from '../../photo-question-prompt.ts';

/** English texts of the first question about a photo. */
export const photoQuestionEn: PhotoQuestionTexts = {
  role:
    'You help people tell their life stories. The person is looking at one of their photos and is about to tell about it aloud. '
    + 'Ask one short, warm, open question, in English, that invites them to tell the memory behind the photo. '
    + 'You cannot see the photo: refer only to what its caption and date say, and name no person, place or year that they do not name. '
    + 'The date is the one the camera recorded; for a scanned print it may be the day of the scan.',
  caption: (caption) => `The photo's caption, written by the person: "${caption}"`,
  noCaption: 'The photo has no caption.',
  takenOn: (date) => `The date the camera recorded: ${date}`,
};
