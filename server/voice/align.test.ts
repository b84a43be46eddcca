import { describe, expect, it } from 'vitest';
import type { TranscriptTimings } from '../../contract/voice.ts';
import { alignToSpeech } from './align.ts';
import { sameWords } from './sentences.ts';

const starts = (timings: TranscriptTimings) => timings.sentences.map((s) => s.start);

/** What every alignment promises: the transcript's words, in order, in time order, inside the speech. */
function expectWellFormed(timings: TranscriptTimings, text: string, speech: { start: number; end: number }[]) {
  expect(timings.source).toBe('aligned');
  expect(sameWords(timings, text)).toBe(true);
  const first = Math.min(...speech.map((s) => s.start));
  const last = Math.max(...speech.map((s) => s.end));
  timings.sentences.forEach((sentence, i) => {
    expect(sentence.words).toBeUndefined();
    expect(sentence.end).toBeGreaterThanOrEqual(sentence.start);
    expect(sentence.start).toBeGreaterThanOrEqual(first);
    expect(sentence.end).toBeLessThanOrEqual(last);
    if (i > 0) expect(sentence.start).toBeGreaterThanOrEqual(timings.sentences[i - 1]!.end);
  });
}

describe('alignToSpeech', () => {
  it('has no times without speech or without text', () => {
    expect(alignToSpeech('We lived by the lake.', [])).toEqual({ source: 'none', sentences: [] });
    expect(alignToSpeech('  ', [{ start: 0, end: 2 }])).toEqual({ source: 'none', sentences: [] });
    // A segment of no length is no speech.
    expect(alignToSpeech('We lived by the lake.', [{ start: 1, end: 1 }])).toEqual({ source: 'none', sentences: [] });
  });

  it('puts each sentence on its own stretch of speech when the pauses fall between sentences', () => {
    const text = 'We lived by the lake. My father kept cows on the farm. Mother baked rye bread every Sunday.';
    const speech = [{ start: 0.4, end: 1.9 }, { start: 2.8, end: 5.0 }, { start: 6.1, end: 8.6 }];
    const timings = alignToSpeech(text, speech, 'en');
    expectWellFormed(timings, text, speech);
    expect(timings.sentences.map(({ start, end }) => [start, end])).toEqual([[0.4, 1.9], [2.8, 5.0], [6.1, 8.6]]);
  });

  it('chooses the pauses whose stretches fit the sentences, not a hesitation inside one', () => {
    // The second sentence is long and has a short hesitation in its middle (6.0-6.25).
    const text = 'We lived by the lake. In the winter we skied to school across the frozen fields with our cousins. It was cold.';
    const speech = [
      { start: 0, end: 1.6 },
      { start: 2.6, end: 6.0 },
      { start: 6.25, end: 9.6 },
      { start: 10.8, end: 11.8 },
    ];
    const timings = alignToSpeech(text, speech, 'en');
    expectWellFormed(timings, text, speech);
    expect(starts(timings)).toEqual([0, 2.6, 10.8]);
    expect(timings.sentences[1]!.end).toBe(9.6);
  });

  it('lays sentences by their letters inside speech that has no pause', () => {
    const text = 'Short one. This second sentence is three times longer.';
    const speech = [{ start: 1, end: 11 }];
    const timings = alignToSpeech(text, speech, 'en');
    expectWellFormed(timings, text, speech);
    const [first, second] = timings.sentences;
    expect(first!.start).toBe(1);
    expect(second!.end).toBe(11);
    // "Shortone" is 8 letters of 8 + 36: the second starts 8/44 of the way in.
    expect(second!.start).toBeCloseTo(1 + (10 * 8) / 44, 2);
    expect(first!.end).toBe(second!.start);
  });

  it('takes speech out of order or overlapping as the time it covers', () => {
    const text = 'One two three. Four five six.';
    const speech = [{ start: 3, end: 5 }, { start: 0, end: 1.5 }, { start: 1, end: 2 }];
    const timings = alignToSpeech(text, speech, 'en');
    expectWellFormed(timings, text, speech);
    expect(starts(timings)).toEqual([0, 3]);
    expect(timings.sentences[0]!.end).toBe(2);
  });

  it('cuts Finnish by its own sentence rule and keeps every word', () => {
    const text = 'Synnyin Tampereella vuonna 1965. Kesällä uimme järvessä siskoni Annan kanssa. Talvella hiihdimme kouluun!';
    const speech = [{ start: 0.2, end: 3.6 }, { start: 4.2, end: 7.2 }, { start: 7.9, end: 9.8 }];
    const timings = alignToSpeech(text, speech, 'fi');
    expectWellFormed(timings, text, speech);
    expect(timings.sentences.map((s) => s.text)).toEqual(['Synnyin Tampereella vuonna 1965.', 'Kesällä uimme järvessä siskoni Annan kanssa.', 'Talvella hiihdimme kouluun!']);
    expect(starts(timings)).toEqual([0.2, 4.2, 7.9]);
  });

  it('finds the sentence pauses of a long recording whose speaking rate changes', () => {
    // 600 sentences (about 40 minutes), the speaking rate drifting 15% up and down over
    // minutes, each sentence in two pieces with a short breath inside it and a longer pause after it.
    const words = ['lake', 'summer', 'bread', 'school', 'winter', 'sister', 'field', 'farm'];
    const sentences: string[] = [];
    const speech: { start: number; end: number }[] = [];
    const truth: number[] = [];
    let clock = 0.5;
    for (let i = 0; i < 600; i += 1) {
      const length = 3 + ((i * 7) % 9);
      const sentence = Array.from({ length }, (_, w) => words[(i + w) % words.length]).join(' ');
      sentences.push(`${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`);
      const seconds = sentence.replace(/ /g, '').length * 0.064 * (1 + 0.15 * Math.sin(i / 40));
      truth.push(clock);
      speech.push({ start: clock, end: clock + seconds * 0.4 });
      speech.push({ start: clock + seconds * 0.4 + 0.15, end: clock + seconds + 0.15 });
      clock += seconds + 0.15 + 0.5 + (i % 4) * 0.3;
    }
    const text = sentences.join(' ');
    const timings = alignToSpeech(text, speech, 'en');
    expectWellFormed(timings, text, speech);
    const errors = starts(timings).map((start, i) => Math.abs(start - truth[i]!));
    expect(errors.filter((error) => error > 0.01)).toEqual([]);
  }, 30_000); // about a second alone; the machine is shared
});
