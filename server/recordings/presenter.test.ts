import { expect, it } from 'vitest';
import { transcriptionPreview, wordsOf } from '../../contract/reading.ts';
import type { recordings } from '../db/schema.ts';
import { TEXT_START_CHARACTERS } from '../db/text-start.ts';
import { presentRecordingSummary } from './presenter.ts';

type RecordingRow = typeof recordings.$inferSelect;
const created = new Date('2026-01-01T00:00:00Z');
const row: RecordingRow = {
  id: 1,
  userId: 'u',
  storyId: null,
  orderIndex: 0,
  audioKey: 'k',
  mimeType: 'audio/webm',
  sizeBytes: 1,
  filename: null,
  duration: 42,
  transcription: null,
  transcriptionSegments: null,
  transcriptTimings: null,
  detectedLanguage: null,
  processingStatus: 'transcribed',
  transcriptionError: null,
  transcriptionEditedAt: null,
  settings: {},
  promptQuestion: null,
  questionId: null,
  contributorName: null,
  contributorKeyHash: null,
  coAuthorTokenId: null,
  aboutPhotoId: null,
  familyMemberId: null,
  takeId: null,
  createdAt: created,
  updatedAt: created,
  transcriptionWordCount: 0,
  temporalType: null,
  specificDate: null,
  month: null,
  year: null,
  endYear: null,
};
const noLinks = { people: [], places: [], story: null };

/** A list card as the page presents it: from the start the list reads (decision 023) and the stored count. */
function cardFromStart(text: string | null) {
  const { transcription: _t, transcriptionSegments: _s, settings: _settings, ...rest } = row;
  const start = text === null ? null : text.slice(0, TEXT_START_CHARACTERS + 1);
  return presentRecordingSummary({ ...rest, transcriptionStart: start, transcriptionWordCount: wordsOf(text).length }, noLinks);
}

it("makes a card's preview from the start of a transcript as transcriptionPreview does from the whole", () => {
  const texts = [
    null,
    '',
    'Lyhyt.',
    'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen',
    'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen',
    // Tabs, newlines, no-break, em and ideographic spaces between words, and tags as spaces.
    'yksi\tkaksi\nkolme\u00a0neljä\u2003viisi\u3000kuusi <b>seitsemän</b>kahdeksan<br/>yhdeksän kymmenen ü  ö å ä ß Ω sixteen',
    `Kesällä soudimme järven yli joka aamu. ${'Anna laski vedot ääneen. '.repeat(200)}`,
  ];
  for (const text of texts) {
    const card = cardFromStart(text);
    expect(card.preview, JSON.stringify(text)).toBe(transcriptionPreview(text));
    expect(card.wordCount).toBe(wordsOf(text).length);
  }
});

it('presents a card the same from a whole row and from the list columns', () => {
  const text = 'We rowed across the lake every morning before breakfast, and my sister Anna counted the strokes out loud.';
  const whole = presentRecordingSummary({ ...row, transcription: text, transcriptionEditedAt: created }, noLinks);
  const { transcription: _t, transcriptionSegments: _s, settings: _settings, ...rest } = row;
  const fromStart = presentRecordingSummary({ ...rest, transcriptionEditedAt: created, transcriptionStart: text, transcriptionWordCount: wordsOf(text).length }, noLinks);
  expect(fromStart).toEqual(whole);
  expect(whole).toMatchObject({ transcriptionEditedByHand: true, wordCount: 18, createdAt: '2026-01-01T00:00:00.000Z', linkedQuestion: null });
  expect(whole).not.toHaveProperty('transcription');
});
