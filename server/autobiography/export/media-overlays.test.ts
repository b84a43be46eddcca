import { describe, expect, it } from 'vitest';
import type { TranscriptTimings } from '../../../contract/voice.ts';
import type { BookRecording } from '../book.ts';
import { chapterOverlay, ownWordsHtml, type PackedRecording } from './media-overlays.ts';

const audio = { bytes: Buffer.alloc(1), mediaType: 'audio/mp4', extension: 'm4a' } as const;
const packed = (number: number, fields: Partial<BookRecording>, withAudio = true): PackedRecording => ({
  number,
  audio: withAudio ? audio : null,
  recording: { storyTitle: 'Järvi', contributorName: null, transcript: null, timings: null, durationSeconds: null, read: async () => audio, ...fields },
});
const timings = (sentences: [string, number, number][], source: TranscriptTimings['source'] = 'segments'): TranscriptTimings => ({
  source,
  sentences: sentences.map(([text, start, end]) => ({ text, start, end })),
});

describe('a chapter\'s Media Overlay', () => {
  it('plays each timed sentence in order, clips kept inside the recording, a clip with nothing left out', () => {
    const overlay = chapterOverlay(
      [
        packed(1, { timings: timings([['Yksi.', 0.2, 1.5], ['Kaksi.', 1.5, 1.5], ['Kolme.', 2, 9]]), durationSeconds: 4 }),
        packed(2, { timings: timings([['Neljä.', 1, 2]], 'none') }),
        packed(3, { timings: timings([['Viisi.', 0.1234, 0.5]]) }),
      ],
      'chapter-2.xhtml',
    )!;
    const pars = [...overlay.smil.matchAll(/<text src="([^"]+)"\/><audio src="([^"]+)" clipBegin="([^"]+)" clipEnd="([^"]+)"\/>/g)].map((m) => m.slice(1));
    expect(pars).toEqual([
      ['chapter-2.xhtml#voice-1-1', 'audio/recording-1.m4a', '0:00:00.200', '0:00:01.500'],
      ['chapter-2.xhtml#voice-1-3', 'audio/recording-1.m4a', '0:00:02.000', '0:00:04.000'],
      ['chapter-2.xhtml#voice-3-1', 'audio/recording-3.m4a', '0:00:00.123', '0:00:00.500'],
    ]);
    expect(overlay.milliseconds).toBe(1300 + 2000 + 377);
    expect(overlay.smil).toContain('<seq id="voice-1-seq" epub:textref="chapter-2.xhtml#voice-1">');
  });

  it('is none when no recording is timed or none has its audio in the book', () => {
    expect(chapterOverlay([packed(1, { transcript: 'Yksi.' })], 'chapter-1.xhtml')).toBeNull();
    expect(chapterOverlay([packed(1, { timings: timings([['Yksi.', 0, 1]]) }, false)], 'chapter-1.xhtml')).toBeNull();
  });
});

describe('"In their own words"', () => {
  it('in English: one heading a story, the teller of a co-author\'s recording, sentences in spans, text escaped', () => {
    const html = ownWordsHtml(
      [
        packed(1, { storyTitle: 'The lake', timings: timings([['We <rowed>.', 0, 1]]) }),
        packed(2, { storyTitle: 'The lake', contributorName: 'Cousin Veikko', transcript: 'First & second.\n\nThird.' }),
      ],
      'en',
    );
    expect(html).toBe(
      '<section class="own-words"><h3>In their own words</h3><h4>The lake</h4>' +
        '<div class="recording" id="voice-1"><audio controls="controls" src="audio/recording-1.m4a"></audio><p class="transcript"><span id="voice-1-1">We &lt;rowed&gt;.</span></p></div>' +
        '<div class="recording" id="voice-2"><p class="teller">Told by Cousin Veikko</p><audio controls="controls" src="audio/recording-2.m4a"></audio><p class="transcript">First &amp; second.</p><p class="transcript">Third.</p></div></section>',
    );
  });

  it('is nothing for a chapter without recordings', () => {
    expect(ownWordsHtml([], 'fi')).toBe('');
  });
});
