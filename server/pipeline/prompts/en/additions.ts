import type { AdditionsTexts } from '../../story-prompt.ts';

/** English texts of adding new recordings to a story the person edited by hand. */
export const additionsEn: AdditionsTexts = {
  task:
    'The author has written or edited the story below by hand. Their text is FIXED: do not change, shorten, reorder, repeat or '
    + 'rewrite any of it. Your only task is to write NEW paragraphs that add what the new recordings tell and the fixed text '
    + 'does not tell yet, so the story is complete. Match the voice of the fixed text.',
  fixedText: 'The fixed text (numbered paragraphs, keep as is)',
  paragraph: (n) => `[${n}]`,
  told: 'Recordings the fixed text already tells',
  newRecordings: 'New recordings to add to the story',
  output:
    'Return "paragraphs": each new paragraph as "text", with "after" the number of the fixed paragraph it follows '
    + '(0 to put it before the first one, null to put it at the end). Write only new paragraphs, never a copy of a fixed one; '
    + 'return an empty list when the new recordings tell nothing the fixed text lacks. Return "title": a short title for the whole story. '
    + 'In "people", "locations" and "dates" list only what your new paragraphs mention.',
};
