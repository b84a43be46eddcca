import { describe, expect, it } from 'vitest';
import { transcriptVtt, vttTimestamp } from './webvtt.ts';

describe('transcriptVtt', () => {
  it('writes a WebVTT header and one cue per stored segment, with hours, minutes, seconds and milliseconds', () => {
    const vtt = transcriptVtt({
      text: 'Hello there. We rowed.',
      segments: [
        { start: 1, end: 4.5, text: ' Hello there.' },
        { start: 3725.25, end: 3727.0004, text: 'We rowed.' },
      ],
      duration: 3728,
      editedByHand: false,
    });
    expect(vtt).toBe('WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.500\nHello there.\n\n2\n01:02:05.250 --> 01:02:07.000\nWe rowed.\n');
  });

  it('without segments: one cue with the whole text over the duration', () => {
    expect(transcriptVtt({ text: 'Kesällä uin.', segments: null, duration: 12.5, editedByHand: false })).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:12.500\nKesällä uin.\n',
    );
    expect(transcriptVtt({ text: 'Kesällä uin.', segments: [], duration: null, editedByHand: false })).toContain('00:00:00.000 --> 00:00:01.000');
  });

  it('a transcript corrected by hand keeps the person’s words, not the engine’s old segments', () => {
    const vtt = transcriptVtt({ text: 'My own words.', segments: [{ start: 0, end: 2, text: 'Engine words.' }], duration: 2, editedByHand: true });
    expect(vtt).toContain('My own words.');
    expect(vtt).not.toContain('Engine words.');
  });

  it('cue text cannot end a cue early or hold markup: blank lines go, < > & are escaped, --> cannot appear', () => {
    const vtt = transcriptVtt({ text: 'a\n\nb <i>x</i> --> & c', segments: null, duration: 3, editedByHand: false });
    expect(vtt).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:03.000\na\nb &lt;i&gt;x&lt;/i&gt; --&gt; &amp; c\n');
  });

  it('a segment whose end is not after its start still gets an end after it; empty segments are left out', () => {
    const vtt = transcriptVtt({ text: 'x', segments: [{ start: 2, end: 2, text: 'x' }, { start: 3, end: 4, text: '  ' }], duration: 5, editedByHand: false });
    expect(vtt).toBe('WEBVTT\n\n1\n00:00:02.000 --> 00:00:02.001\nx\n');
  });

  it('timestamps round to milliseconds and never go negative', () => {
    expect(vttTimestamp(0.0004)).toBe('00:00:00.000');
    expect(vttTimestamp(59.9996)).toBe('00:01:00.000');
    expect(vttTimestamp(-1)).toBe('00:00:00.000');
  });
});

describe('transcriptVtt from timings', () => {
  const timings = {
    source: 'words' as const,
    sentences: [
      { text: 'My own words.', start: 0.5, end: 1.75, words: [] },
      { text: 'Omat sanani.', start: 2, end: 3.2 },
    ],
  };

  it('writes a cue per timed sentence, before the engine’s segments and through a hand correction (the timings follow it)', () => {
    const vtt = transcriptVtt({ text: 'My own words. Omat sanani.', timings, segments: [{ start: 0, end: 9, text: 'Engine words.' }], duration: 9, editedByHand: true });
    expect(vtt).toBe('WEBVTT\n\n1\n00:00:00.500 --> 00:00:01.750\nMy own words.\n\n2\n00:00:02.000 --> 00:00:03.200\nOmat sanani.\n');
  });

  it('timings with no sentences (no times could be made) fall back as before', () => {
    const vtt = transcriptVtt({ text: 'Kesällä uin.', timings: { source: 'none', sentences: [] }, segments: null, duration: 4, editedByHand: false });
    expect(vtt).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:04.000\nKesällä uin.\n');
  });
});
