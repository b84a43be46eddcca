import { describe, expect, it } from 'vitest';
import { archiveNamer, audioExtension } from './file-names.ts';

describe('archiveNamer', () => {
  it('a recording’s audio, transcript and subtitles share one base, unique across extensions', () => {
    const names = archiveNamer('en');
    const day = new Date('2024-05-01T12:00:00Z');
    expect(names.recording(day, 'At the lake', 'webm')).toEqual({
      audioFile: 'recordings/2024-05-01 At the lake.webm',
      transcriptFile: 'transcripts/2024-05-01 At the lake.txt',
      subtitlesFile: 'transcripts/2024-05-01 At the lake.vtt',
    });
    expect(names.recording(day, 'At the lake', 'mp3')).toEqual({
      audioFile: 'recordings/2024-05-01 At the lake (2).mp3',
      transcriptFile: 'transcripts/2024-05-01 At the lake (2).txt',
      subtitlesFile: 'transcripts/2024-05-01 At the lake (2).vtt',
    });
  });

  it('a recording in no story is named for what it is, in the person’s language', () => {
    expect(archiveNamer('fi').recording(new Date('2024-05-01T00:00:00Z'), null, 'webm').audioFile).toBe('recordings/2024-05-01 nauhoitus.webm');
    expect(archiveNamer('en').recording(new Date('2024-05-01T00:00:00Z'), '', 'webm').audioFile).toBe('recordings/2024-05-01 recording.webm');
  });

  it('the same calls in the same order give the same names', () => {
    const run = () => {
      const names = archiveNamer('en');
      return [names.story(new Date('2024-01-01'), 'A/B'), names.story(new Date('2024-01-01'), 'A B'), names.book(new Date('2024-02-01'), 'Life')];
    };
    expect(run()).toEqual(run());
    expect(run()).toEqual(['stories/2024-01-01 A B.md', 'stories/2024-01-01 A B (2).md', { epubFile: 'books/2024-02-01 Life.epub', pdfFile: 'books/2024-02-01 Life.pdf' }]);
  });
});

describe('photo names', () => {
  it('the original and the display copy share one base: the day taken (else added) and the caption, else what it belongs to', () => {
    const names = archiveNamer('fi');
    expect(names.photo('1965-07-01', 'Mökki', 'image/heic')).toEqual({ originalFile: 'photos/1965-07-01 Mökki.heic', displayFile: 'site/photos/1965-07-01 Mökki.jpg' });
    expect(names.photo('1965-07-01', 'Mökki', 'image/jpeg')).toEqual({ originalFile: 'photos/1965-07-01 Mökki (2).jpg', displayFile: 'site/photos/1965-07-01 Mökki (2).jpg' });
    expect(names.photo(new Date('2024-05-01T10:00:00Z'), '', 'image/png').originalFile).toBe('photos/2024-05-01 kuva.png');
  });
});

describe('audioExtension', () => {
  it('the stored key’s extension, else the type’s', () => {
    expect(audioExtension('users/u/recordings/x.M4A', 'audio/mp4')).toBe('m4a');
    expect(audioExtension('users/u/recordings/x', 'audio/ogg; codecs=opus')).toBe('ogg');
    expect(audioExtension('users/u/recordings/x', 'application/weird')).toBe('bin');
  });
});
