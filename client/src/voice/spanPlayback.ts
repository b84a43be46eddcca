import type { ParagraphSources, VoiceSpan } from '../../../contract/voice.ts';

/*
 * The rules of "hear it" (issue 29), apart from the audio element: which paragraph a moment of
 * a recording belongs to, and what a paragraph's playback does when its span runs out.
 */

/** The first paragraph one of whose spans of this recording holds this moment, or null. */
export function paragraphAt(paragraphs: ParagraphSources, recordingId: number, time: number): number | null {
  const index = paragraphs.findIndex((spans) => spans.some((span) => span.recordingId === recordingId && span.start <= time && time < span.end));
  return index === -1 ? null : index;
}

/** What a paragraph's playback of `spans` does at this moment of span `index`: play on, go to the next span, or stop. */
export type SpanStep = { kind: 'play' } | { kind: 'next'; index: number } | { kind: 'stop' };

export function spanStep(spans: readonly VoiceSpan[], index: number, time: number): SpanStep {
  const span = spans[index];
  if (span && time < span.end) return { kind: 'play' };
  return index + 1 < spans.length ? { kind: 'next', index: index + 1 } : { kind: 'stop' };
}

/** Whether any paragraph has a span to play (only then does a page offer "hear it"). */
export function hasSpans(paragraphs: ParagraphSources): boolean {
  return paragraphs.some((spans) => spans.length > 0);
}
