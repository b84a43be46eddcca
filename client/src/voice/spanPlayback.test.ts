import { describe, expect, it } from 'vitest';
import type { ParagraphSources } from '../../../contract/voice.ts';
import { hasSpans, paragraphAt, spanStep } from './spanPlayback.ts';

const paragraphs: ParagraphSources = [
  [{ recordingId: 1, start: 0, end: 4 }],
  [],
  [
    { recordingId: 1, start: 4, end: 9.5 },
    { recordingId: 2, start: 1, end: 3 },
  ],
];

describe('paragraphAt', () => {
  it('finds the paragraph whose span of this recording holds the moment', () => {
    expect(paragraphAt(paragraphs, 1, 0)).toBe(0);
    expect(paragraphAt(paragraphs, 1, 3.99)).toBe(0);
    // A span's end belongs to the next one.
    expect(paragraphAt(paragraphs, 1, 4)).toBe(2);
    expect(paragraphAt(paragraphs, 2, 2)).toBe(2);
  });

  it('is null between spans, past them, and for a recording no span names', () => {
    expect(paragraphAt(paragraphs, 1, 9.5)).toBeNull();
    expect(paragraphAt(paragraphs, 2, 0.5)).toBeNull();
    expect(paragraphAt(paragraphs, 3, 2)).toBeNull();
    expect(paragraphAt([], 1, 2)).toBeNull();
  });
});

describe('spanStep', () => {
  const spans = paragraphs[2];
  it('plays on inside a span', () => {
    expect(spanStep(spans, 0, 4)).toEqual({ kind: 'play' });
    expect(spanStep(spans, 0, 9.49)).toEqual({ kind: 'play' });
  });
  it('goes to the next span at a span’s end, and stops after the last', () => {
    expect(spanStep(spans, 0, 9.5)).toEqual({ kind: 'next', index: 1 });
    expect(spanStep(spans, 1, 2.9)).toEqual({ kind: 'play' });
    expect(spanStep(spans, 1, 3)).toEqual({ kind: 'stop' });
    expect(spanStep([], 0, 0)).toEqual({ kind: 'stop' });
  });
});

it('hasSpans: only a story with a span offers "hear it"', () => {
  expect(hasSpans(paragraphs)).toBe(true);
  expect(hasSpans([[], []])).toBe(false);
  expect(hasSpans([])).toBe(false);
});
