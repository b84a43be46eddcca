import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import type { Book, BookAudio, BookRecording } from '../book.ts';
import { packRecordings } from './audio-budget.ts';
import { bookEpub } from './epub.ts';
import { clockValue } from './media-overlays.ts';

// How much audio a book carries, and what a recording left out looks like (the audio itself,
// the overlays and epubcheck: epub-voices.engine.test.ts).

function recording(fields: Partial<BookRecording> & Pick<BookRecording, 'read'>): BookRecording & { reads: number } {
  const made = {
    storyTitle: 'Story',
    contributorName: null,
    transcript: null,
    timings: null,
    durationSeconds: null,
    reads: 0,
    ...fields,
    async read() {
      made.reads += 1;
      return fields.read();
    },
  };
  return made;
}

async function filesOf(epub: Buffer) {
  const zip = await JSZip.loadAsync(epub);
  const text = async (name: string) => zip.file(name)!.async('string');
  return { text, names: Object.values(zip.files).filter((file) => !file.dir).map((file) => file.name) };
}

describe('the audio budget', () => {
  const audioOf = (bytes: number): BookAudio => ({ bytes: Buffer.alloc(bytes), mediaType: 'audio/mp4', extension: 'm4a' });

  it('packs in book order while the audio fits; one that would not fit keeps its transcript, and one estimated too large is never made', async () => {
    const first = recording({ durationSeconds: 10, read: async () => audioOf(60_000) });
    const tooLong = recording({ durationSeconds: 3600, read: async () => audioOf(21_600_000) });
    const heavierThanSaid = recording({ durationSeconds: null, read: async () => audioOf(50_000) });
    const last = recording({ durationSeconds: 5, read: async () => audioOf(30_000) });
    const book: Book = { title: 'T', authorName: null, language: 'en', chapters: [{ title: 'A', content: 'a', recordings: [first, tooLong] }, { title: 'B', content: 'b', recordings: [heavierThanSaid, last] }] };
    const packed = await packRecordings(book, 100_000);
    expect(packed.map((chapter) => chapter.map((p) => [p.number, p.audio?.bytes.length ?? null]))).toEqual([
      [[1, 60_000], [2, null]],
      [[3, null], [4, 30_000]],
    ]);
    expect([first.reads, tooLong.reads, heavierThanSaid.reads, last.reads]).toEqual([1, 0, 1, 1]);
  });

  it('a recording left out says so in the book, and its timed transcript gets no overlay', async () => {
    const timed = recording({ transcript: 'Hello there.', timings: { source: 'aligned', sentences: [{ text: 'Hello there.', start: 0, end: 1 }] }, durationSeconds: 999_999, read: async () => audioOf(1) });
    const book: Book = { title: 'T', authorName: null, language: 'en', chapters: [{ title: 'A', content: 'a', recordings: [timed] }] };
    const { text, names } = await filesOf(await bookEpub(book));
    expect(names.some((name) => name.startsWith('OEBPS/audio/') || name.endsWith('.smil'))).toBe(false);
    const chapter = await text('OEBPS/chapter-1.xhtml');
    expect(chapter).toContain('This recording did not fit in the book; it is kept in Saaga.');
    expect(chapter).toContain('<p class="transcript">Hello there.</p>');
    expect(await text('OEBPS/content.opf')).not.toContain('media:duration');
  });
});

describe('clock values', () => {
  it('are h:mm:ss.fff', () => {
    expect(clockValue(0)).toBe('0:00:00.000');
    expect(clockValue(7_560)).toBe('0:00:07.560');
    expect(clockValue(3_723_004)).toBe('1:02:03.004');
  });
});
