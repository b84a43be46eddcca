import { describe, expect, it } from 'vitest';
import type { ParagraphSources, TranscriptTimings } from '../../contract/voice.ts';
import { carryParagraphSources, markParagraphSources } from './paragraph-sources.ts';

/** Timings of sentences said one after another: [text, start, end]. */
const timed = (...sentences: [string, number, number][]): TranscriptTimings => ({
  source: 'aligned',
  sentences: sentences.map(([text, start, end]) => ({ text, start, end })),
});

// A telling as a recording has it, fillers and all, and a story a writer made of it: the first
// paragraph retells the first four sentences, the second the next four, the third the last three.
const FARM = timed(
  ['I grew up on a farm near Tampere with my sister Anna.', 0, 4.2],
  ['Every summer we swam in the lake.', 4.2, 7],
  ['Our father built a wooden boat, and we rowed it across the lake to the island.', 7.5, 12],
  ['Oh, it was lovely.', 12, 13.1],
  ['In the winter the snow came up to the windows and we skied to school.', 13.5, 19],
  ['The school was three kilometres away, in the village.', 19, 23],
  ['Yes.', 23.5, 25],
  ['Our teacher, Miss Lindqvist, read us stories about the war.', 25, 30],
  ['Then in 1952 we moved to Helsinki, because father found work at the harbour.', 30, 35],
  ['I missed the farm terribly.', 35, 39],
  ['But Helsinki gave me my first job, in a bakery on Fredrikinkatu.', 39, 44],
);
const FARM_STORY = [
  'I grew up on a farm near Tampere together with my sister Anna. Every summer we swam in the lake, and we rowed the wooden boat our father built across to the island. Those summers were lovely.',
  'Winters were different: the snow reached the windows, and we skied three kilometres to the village school, where Miss Lindqvist read us stories about the war.',
  'In 1952 the family moved to Helsinki, where father had found work at the harbour. I missed the farm terribly, but in Helsinki I got my first job, at a bakery on Fredrikinkatu.',
].join('\n\n');

const MAATILA = timed(
  ['Kasvoin maatilalla Tampereen lähellä siskoni Annan kanssa.', 0, 4],
  ['Joka kesä uimme järvessä.', 4, 6.5],
  ['Isä rakensi puuveneen ja me soudettiin sillä saareen.', 7, 12],
  ['Se oli ihanaa.', 12.5, 14],
  ['Talvella lunta oli ikkunoihin asti ja hiihdimme kouluun.', 14.5, 20],
  ['Koulu oli kylässä kolmen kilometrin päässä.', 20, 24],
  ['Vuonna 1952 muutimme Helsinkiin, koska isä sai töitä satamasta.', 24.5, 30],
  ['Ikävöin maatilaa kovasti.', 30, 34],
);
const MAATILA_STORY = [
  'Kasvoin Tampereen lähellä maatilalla yhdessä Anna-siskoni kanssa. Kesäisin uimme järvessä ja soudimme isän rakentamalla puuveneellä saareen. Se oli ihanaa aikaa.',
  'Talvisin lunta oli ikkunoihin asti, ja hiihdimme kolmen kilometrin päähän kylän kouluun.',
  'Vuonna 1952 muutimme Helsinkiin, kun isä sai töitä satamasta. Ikävöin maatilaa kovasti.',
].join('\n\n');

describe('markParagraphSources', () => {
  it('leads each paragraph of an English story to the sentences it retells, adjacent ones as one span', () => {
    expect(markParagraphSources(FARM_STORY, [{ id: 7, timings: FARM }])).toEqual([
      [{ recordingId: 7, start: 0, end: 13.1 }],
      [{ recordingId: 7, start: 13.5, end: 30 }],
      [{ recordingId: 7, start: 30, end: 44 }],
    ]);
  });

  it('matches Finnish words in their other forms (Annan ~ Anna, kesä ~ kesäisin, rakensi ~ rakentamalla)', () => {
    expect(markParagraphSources(MAATILA_STORY, [{ id: 3, timings: MAATILA }])).toEqual([
      [{ recordingId: 3, start: 0, end: 14 }],
      [{ recordingId: 3, start: 14.5, end: 24 }],
      [{ recordingId: 3, start: 24.5, end: 34 }],
    ]);
  });

  it('follows a story told about the teller, in other words: a sentence the story leaves out stays out', () => {
    const story = [
      "Aino's childhood was spent on a farm outside Tampere, where she and her sister Anna swam in the lake each summer and rowed their father's wooden boat out to the island.",
      'Winters meant snow up to the windows and a three-kilometre ski to the village school, where Miss Lindqvist told the children about the war.',
      'In 1952 the family left for Helsinki, as her father had found work at the harbour. She missed the farm terribly, yet Helsinki gave her a first job, in a bakery on Fredrikinkatu.',
    ].join('\n\n');
    // "Oh, it was lovely." (12 to 13.1) is not in the story.
    expect(markParagraphSources(story, [{ id: 7, timings: FARM }])).toEqual([
      [{ recordingId: 7, start: 0, end: 12 }],
      [{ recordingId: 7, start: 13.5, end: 30 }],
      [{ recordingId: 7, start: 30, end: 44 }],
    ]);
    const tarina = [
      'Aino vietti lapsuutensa maatilalla Tampereen lähistöllä. Kesäisin hän ui siskonsa Annan kanssa järvessä, ja isän tekemällä puuveneellä soudettiin saareen.',
      'Talvet olivat lumisia: hanget ulottuivat ikkunoihin, ja kouluun kylälle hiihdettiin kolme kilometriä.',
      'Vuonna 1952 perhe muutti Helsinkiin, kun isä sai töitä satamasta. Aino ikävöi maatilaa kovasti.',
    ].join('\n\n');
    expect(markParagraphSources(tarina, [{ id: 3, timings: MAATILA }])).toEqual([
      [{ recordingId: 3, start: 0, end: 12 }],
      [{ recordingId: 3, start: 14.5, end: 24 }],
      [{ recordingId: 3, start: 24.5, end: 34 }],
    ]);
  });

  it('gives a paragraph spans in several recordings, in the recordings\' order', () => {
    const first = timed(['I grew up on a farm near Tampere with my sister Anna.', 0, 4], ['We kept three cows and a horse called Pilkku.', 4, 8]);
    const second = timed(['Later I drove a tram in Helsinki for thirty years.', 0, 5], ['Anna and I still talk about the cows and Pilkku.', 5, 9]);
    const story = 'On the farm near Tampere, my sister Anna and I looked after three cows and Pilkku the horse; we still talk about the cows and Pilkku.\n\nFor thirty years I drove a tram in Helsinki.';
    expect(markParagraphSources(story, [{ id: 1, timings: first }, { id: 2, timings: second }])).toEqual([
      [{ recordingId: 1, start: 0, end: 8 }, { recordingId: 2, start: 5, end: 9 }],
      [{ recordingId: 2, start: 0, end: 5 }],
    ]);
  });

  it('follows a writer that tells the sentences in another order', () => {
    const story = 'In 1952 we moved to Helsinki, where father found work at the harbour.\n\nBefore that I grew up on a farm near Tampere with my sister Anna.';
    expect(markParagraphSources(story, [{ id: 7, timings: FARM }])).toEqual([
      [{ recordingId: 7, start: 30, end: 35 }],
      [{ recordingId: 7, start: 0, end: 4.2 }],
    ]);
  });

  it('leaves a paragraph the recordings never said without spans', () => {
    const story = `${FARM_STORY}\n\nThis is a story about resilience, hope and growing older gracefully.`;
    const sources = markParagraphSources(story, [{ id: 7, timings: FARM }]);
    expect(sources).toHaveLength(4);
    expect(sources[3]).toEqual([]);
  });

  it('does not place a sentence on one shared word', () => {
    const story = 'The lake froze every winter.';
    expect(markParagraphSources(story, [{ id: 7, timings: timed(['We swam in the lake.', 0, 3]) }])).toEqual([[]]);
  });

  it('gives no spans without timed sentences, and none for no text', () => {
    const none: TranscriptTimings = { source: 'none', sentences: [] };
    expect(markParagraphSources(FARM_STORY, [{ id: 1, timings: null }, { id: 2, timings: none }])).toEqual([[], [], []]);
    expect(markParagraphSources('', [{ id: 7, timings: FARM }])).toEqual([]);
  });
});

describe('carryParagraphSources', () => {
  const before = { content: FARM_STORY, sources: markParagraphSources(FARM_STORY, [{ id: 7, timings: FARM }]) };
  const [first, second, third] = FARM_STORY.split('\n\n');
  const spans = before.sources;

  it('keeps the spans of paragraphs kept, and of a paragraph edited in place', () => {
    const edited = second.replace('Miss Lindqvist', 'Miss Lindkvist').replace('Winters were different', 'Winters were another world');
    expect(carryParagraphSources(before, [first, edited, third].join('\n\n'))).toEqual(spans);
  });

  it('gives a new paragraph none, and the others keep theirs around it', () => {
    const added = 'My grandchildren ask me about those years.';
    expect(carryParagraphSources(before, [first, added, second, third].join('\n\n'))).toEqual([spans[0], [], spans[1], spans[2]]);
  });

  it('drops the spans of a paragraph deleted', () => {
    expect(carryParagraphSources(before, [first, third].join('\n\n'))).toEqual([spans[0], spans[2]]);
  });

  it('gives a paragraph written in the place of another, with none of its words, no spans', () => {
    expect(carryParagraphSources(before, [first, 'My grandchildren ask me about those years.', third].join('\n\n'))).toEqual([spans[0], [], spans[2]]);
  });

  it('gives both halves of a split paragraph its spans, and a joined one the spans of both', () => {
    const [firstHalf, secondHalf] = [third.slice(0, third.indexOf(' I missed')), third.slice(third.indexOf('I missed'))];
    expect(carryParagraphSources(before, [first, second, firstHalf, secondHalf].join('\n\n'))).toEqual([spans[0], spans[1], spans[2], spans[2]]);
    expect(carryParagraphSources(before, [first, `${second} ${third}`].join('\n\n'))).toEqual([spans[0], [...spans[1], ...spans[2]]]);
  });

  it('sees a paragraph whose spaces alone changed as kept', () => {
    expect(carryParagraphSources(before, `\n${first}\n\n\n${second.replace(/ /g, '  ')}\n \n${third}\n`)).toEqual(spans);
  });

  it('returns copies: a change to the carried spans leaves the old ones be', () => {
    const carried = carryParagraphSources(before, FARM_STORY)!;
    carried[0][0].end = 99;
    expect(before.sources[0][0].end).toBe(13.1);
  });

  it('knows nothing without sources, or with sources that do not fit the text', () => {
    expect(carryParagraphSources({ content: FARM_STORY, sources: null }, FARM_STORY)).toBeNull();
    const misfit: ParagraphSources = [[{ recordingId: 7, start: 0, end: 1 }]];
    expect(carryParagraphSources({ content: FARM_STORY, sources: misfit }, FARM_STORY)).toBeNull();
  });

  it('carries a Finnish text edited by hand', () => {
    const fi = { content: MAATILA_STORY, sources: markParagraphSources(MAATILA_STORY, [{ id: 3, timings: MAATILA }]) };
    const [p0, p1, p2] = MAATILA_STORY.split('\n\n');
    const edited = [p0, p1.replace('Talvisin', 'Talvella'), 'Lapsenlapseni kysyvät minulta niistä vuosista.', p2].join('\n\n');
    expect(carryParagraphSources(fi, edited)).toEqual([fi.sources[0], fi.sources[1], [], fi.sources[2]]);
  });
});
