import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranscriptTimings } from '../../../contract/voice.ts';
import { clipDir, encodeClip } from '../../../test/support/audio-clips.ts';
import { CLIPS } from '../../../test/support/shared-files.ts';
import { runFfmpeg } from '../../audio/ffmpeg.ts';
import { normaliseAudio } from '../../audio/normalise.ts';
import { localBlobStore } from '../../storage/local-store.ts';
import type { BlobStore } from '../../storage/index.ts';
import { bookAudioOf } from '../book-audio.ts';
import type { Book, BookRecording } from '../book.ts';
import { bookEpub } from './epub.ts';
import { clockValue } from './media-overlays.ts';

// The EPUB carries the recordings (issue 29): real audio made by ffmpeg from a browser's
// upload, an "In their own words" section per chapter, and EPUB 3 Media Overlays whose clips are
// the transcript's timings, checked by epubcheck.

const run = promisify(execFile);
const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';
const epubcheckPresent = existsSync(EPUBCHECK_JAR) && (await run('java', ['-version'], { timeout: 60_000 }).then(() => true, () => false));

let clips: Awaited<ReturnType<typeof clipDir>>;
let store: BlobStore;
/** jfk.wav as a browser uploads it (WebM/Opus), and its length measured by decoding it. */
let jfkSeconds: number;
let englishSeconds: number;

beforeAll(async () => {
  clips = await clipDir();
  store = localBlobStore(path.join(clips.dir, 'store'));
  for (const [key, clip] of [['jfk', CLIPS.jfk], ['english', CLIPS.english]] as const) {
    const webm = await encodeClip(clip, 'webm-opus', clips.dir);
    const bytes = await readFile(webm);
    await store.put(`users/u1/recordings/${key}.webm`, bytes, 'audio/webm');
    if (key === 'jfk') jfkSeconds = (await normaliseAudio(bytes)).durationSeconds;
    else englishSeconds = (await normaliseAudio(bytes)).durationSeconds;
  }
}, 120_000);
afterAll(async () => {
  await clips?.remove();
});

/** jfk.wav's two sentences where they are heard. */
const JFK_TIMINGS: TranscriptTimings = {
  source: 'words',
  sentences: [
    { text: 'And so my fellow Americans, ask not what your country can do for you,', start: 0.32, end: 7.56, words: [{ text: 'And', start: 0.32, end: 0.6 }] },
    { text: 'ask what you can do for your country.', start: 8.02, end: 10.68 },
  ],
};

function recording(fields: Partial<BookRecording> & Pick<BookRecording, 'read'>): BookRecording & { reads: number } {
  const made = {
    storyTitle: 'Puhe',
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

const jfk = () =>
  recording({
    storyTitle: 'Puhe <Berliinissä>',
    transcript: JFK_TIMINGS.sentences.map((s) => s.text).join(' '),
    timings: JFK_TIMINGS,
    durationSeconds: jfkSeconds,
    read: () => bookAudioOf(store, 'users/u1/recordings/jfk.webm'),
  });
const english = () =>
  recording({
    storyTitle: 'Tila',
    contributorName: 'Serkku Veikko',
    transcript: 'I grew up on a farm near Tampere with my sister Anna.\n\nEvery summer we swam in the lake. <script>',
    durationSeconds: englishSeconds,
    read: () => bookAudioOf(store, 'users/u1/recordings/english.webm'),
  });

const voicedBook = (): Book => ({
  title: 'Elämäni',
  authorName: 'Äijä Öhman',
  language: 'fi',
  chapters: [
    { title: 'Puheet', content: 'Kuuntelin puhetta radiosta.', recordings: [jfk()] },
    { title: 'Lapsuus', content: 'Kasvoin maatilalla.', recordings: [english()] },
    { title: 'Hiljaisuus', content: 'Ei äänityksiä.' },
  ],
});

async function filesOf(epub: Buffer) {
  const zip = await JSZip.loadAsync(epub);
  const text = async (name: string) => zip.file(name)!.async('string');
  return { zip, text, names: Object.values(zip.files).filter((file) => !file.dir).map((file) => file.name) };
}

const seconds = (clock: string) => {
  const [h, m, s] = clock.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
};

describe('the book audio', () => {
  it('is AAC in MP4, mono, as long as the recording, with no tags', async () => {
    const audio = await bookAudioOf(store, 'users/u1/recordings/jfk.webm');
    expect(audio).toMatchObject({ mediaType: 'audio/mp4', extension: 'm4a' });
    expect(audio.bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const probe = await runFfmpeg(['-i', 'pipe:0', '-f', 'null', '-'], { stdin: audio.bytes, timeoutMs: 60_000 });
    const input = probe.stderr.slice(0, probe.stderr.indexOf('Output #0'));
    expect(input).toMatch(/Audio: aac \(LC\)[^\n]*mono/);
    expect(input).not.toMatch(/encoder\s*:/i);
    expect(Math.abs((await normaliseAudio(audio.bytes)).durationSeconds - jfkSeconds)).toBeLessThan(0.05);
  }, 60_000);
});

describe('EPUB with the recordings', () => {
  it('packs each audio file and lists it, names the first chapter\'s overlay, whose clips are the timings and whose references exist', async () => {
    const epub = await bookEpub(voicedBook());
    const { text, names } = await filesOf(epub);
    expect(names.filter((name) => name.startsWith('OEBPS/audio/'))).toEqual(['OEBPS/audio/recording-1.m4a', 'OEBPS/audio/recording-2.m4a']);
    // Stored, not deflated again: the local file header's method (offset 8) is 0.
    const header = epub.indexOf('OEBPS/audio/recording-1.m4a') - 30;
    expect([epub.subarray(header, header + 4).toString('latin1'), epub.readUInt16LE(header + 8)]).toEqual(['PK\x03\x04', 0]);

    const opf = await text('OEBPS/content.opf');
    expect(opf).toContain('<item id="audio_1" href="audio/recording-1.m4a" media-type="audio/mp4" />');
    expect(opf).toContain('<item id="audio_2" href="audio/recording-2.m4a" media-type="audio/mp4" />');
    expect(opf).toContain('<item id="overlay_1" href="chapter-1.smil" media-type="application/smil+xml" />');
    expect(opf).toMatch(/<item id="[^"]+" href="chapter-1.xhtml" media-type="application\/xhtml\+xml" media-overlay="overlay_1" \/>/);
    // The chapter whose recording has no timings has audio but no overlay.
    expect(opf).toMatch(/<item id="[^"]+" href="chapter-2.xhtml" media-type="application\/xhtml\+xml" \/>/);
    expect(names).not.toContain('OEBPS/chapter-2.smil');

    const smil = await text('OEBPS/chapter-1.smil');
    const pars = [...smil.matchAll(/<par id="[^"]+"><text src="([^"#]+)#([^"]+)"\/><audio src="([^"]+)" clipBegin="([^"]+)" clipEnd="([^"]+)"\/><\/par>/g)];
    expect(pars.map((m) => [seconds(m[4]), seconds(m[5])])).toEqual(JFK_TIMINGS.sentences.map((s) => [s.start, s.end]));
    const chapter = await text('OEBPS/chapter-1.xhtml');
    for (const [, file, id, audio] of pars) {
      expect(names).toContain(`OEBPS/${file}`);
      expect(names).toContain(`OEBPS/${audio}`);
      expect(chapter).toContain(`id="${id}"`);
    }
    // Each sentence's span holds its text, after the chapter's own text.
    expect([...chapter.matchAll(/<span id="voice-1-\d+">([^<]*)<\/span>/g)].map((m) => m[1])).toEqual(JFK_TIMINGS.sentences.map((s) => s.text));
    expect(chapter.indexOf('Omin sanoin')).toBeGreaterThan(chapter.indexOf('Kuuntelin puhetta'));
    expect(chapter).toContain('<h4>Puhe &lt;Berliinissä&gt;</h4>');
    expect(chapter).toContain('<audio controls="controls" src="audio/recording-1.m4a"></audio>');

    // Durations: the overlay's is the sum of its clips, the book's the sum of its overlays; the active class is styled.
    const clipSum = JFK_TIMINGS.sentences.reduce((sum, s) => sum + Math.round(s.end * 1000) - Math.round(s.start * 1000), 0);
    expect(opf).toContain(`<meta property="media:duration" refines="#overlay_1">${clockValue(clipSum)}</meta>`);
    expect(opf).toContain(`<meta property="media:duration">${clockValue(clipSum)}</meta>`);
    expect(opf).toContain('<meta property="media:active-class">voice-active</meta>');
    expect(await text('OEBPS/style.css')).toContain('.voice-active {');

    // Without timings: the audio, the teller and the transcript's paragraphs as text.
    const second = await text('OEBPS/chapter-2.xhtml');
    expect(second).toContain('<audio controls="controls" src="audio/recording-2.m4a"></audio>');
    expect(second).toContain('<p class="teller">Kertoja: Serkku Veikko</p>');
    expect(second).toContain('<p class="transcript">Every summer we swam in the lake. &lt;script&gt;</p>');
    expect(second).not.toMatch(/<span id=/);
    expect(await text('OEBPS/chapter-3.xhtml')).not.toContain('Omin sanoin');
  }, 120_000);

  it.skipIf(!epubcheckPresent)('passes epubcheck (Media Overlays included)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'saaga-epub-'));
    try {
      const file = path.join(dir, 'book.epub');
      writeFileSync(file, await bookEpub(voicedBook()));
      const result = await run('java', ['-jar', EPUBCHECK_JAR, file], { timeout: 120_000 }).catch((error: { stdout: string; stderr: string }) => error);
      expect(`${result.stdout}\n${result.stderr}`).toContain('No errors or warnings detected');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
