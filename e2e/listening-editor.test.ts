import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { type ExpectStatic, it } from 'vitest';
import type { TimedSentence, TranscriptTimings } from '../contract/voice.ts';
import { recordings } from '../server/db/schema.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// The listening editor (issue 29) on a recording with real audio (the shared espeak clips) and
// known timings seeded in the database: the highlight follows playback, a tapped word plays
// from its time, the keys steer the audio, and a corrected word keeps its time. English with
// word times, Finnish with sentence times only (the words' times guessed by position).
const shots = screenshots('listening-editor', { fullPage: true });

let server: TestApp;
let browser: Browser;

useBrowserApp({ engines: 'none' }, (app) => ({ server, browser } = app));

const AXE_SOURCE = readFileSync(process.env.AXE_PATH ?? createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical findings on the page as it is (as e2e/accessibility.test.ts audits every screen). */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: { id: string; impact?: string | null }[] }> } }).axe.run(document),
  );
  return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((violation) => violation.id);
}

/** Each word of a sentence a share of its span by length, as an engine's word times would be. */
function withWords(text: string, start: number, end: number): TimedSentence {
  const words = text.split(' ');
  const total = words.reduce((sum, word) => sum + word.length + 1, 0);
  let at = 0;
  const timed = words.map((word) => {
    const from = start + ((end - start) * at) / total;
    at += word.length + 1;
    return { text: word, start: Number(from.toFixed(3)), end: Number((start + ((end - start) * at) / total).toFixed(3)) };
  });
  return { text, start, end, words: timed };
}

// Sentence starts and ends where the clips' pauses are (ffmpeg silencedetect on them).
interface Case {
  clip: string;
  /** The transcript as stored (the English one in two paragraphs, as a hand edit may leave it). */
  text: string;
  timings: TranscriptTimings;
  words: Record<'play' | 'region' | 'correctWords' | 'playAgain' | 'save' | 'leave' | 'stay' | 'keys', string>;
  /** A word of the second sentence, tapped to play from it. */
  tapped: string;
  /** A word corrected (its number among all the words), held (or chosen after "Correct a word"). */
  corrected: { word: string; index: number; to: string; hold: boolean };
}

const CASES: Record<'en' | 'fi', Case> = {
  en: {
    clip: CLIPS.english,
    text: clipTranscript(CLIPS.english).replace('. ', '.\n\n'),
    timings: {
      source: 'words',
      sentences: [withWords('I grew up on a farm near Tampere with my sister Anna.', 0.1, 2.6), withWords('Every summer we swam in the lake.', 2.9, 4.49)],
    },
    words: { play: 'Play', region: 'Transcription, following the recording', correctWords: 'Correct a word', playAgain: 'Play this sentence again', save: 'Save', leave: 'Save your changes?', stay: 'Stay', keys: 'Keys: Space or K' },
    tapped: 'swam',
    corrected: { word: 'farm', index: 5, to: 'ranch', hold: true },
  },
  fi: {
    clip: CLIPS.finnish,
    text: clipTranscript(CLIPS.finnish),
    timings: {
      source: 'aligned',
      sentences: [
        { text: 'Kasvoin maatilalla Tampereen lähellä siskoni Annan kanssa.', start: 0.1, end: 3.45 },
        { text: 'Joka kesä uimme järvessä.', start: 3.75, end: 5.27 },
      ],
    },
    words: { play: 'Toista', region: 'Litterointi, joka seuraa nauhoitusta', correctWords: 'Korjaa sana', playAgain: 'Toista tämä lause uudelleen', save: 'Tallenna', leave: 'Tallennetaanko muutokset?', stay: 'Jää tälle sivulle', keys: 'Näppäimet: välilyönti tai K' },
    tapped: 'uimme',
    corrected: { word: 'kesä', index: 8, to: 'kesänä', hold: false },
  },
};

/** A signed-in owner on the page of a recording of the clip with the case's timings, come to from the list (so Back stays in the app). */
async function recordingPage(language: 'en' | 'fi', who: string) {
  const { clip, text, timings } = CASES[language];
  const { page, userId } = await signedInPage(browser, server, `${who}-${language}@example.com`, { language });
  const bytes = readFileSync(clip);
  const audioKey = `users/${userId}/recordings/${randomUUID()}.wav`;
  await server.store.put(audioKey, bytes, 'audio/wav');
  const recording = await seeder(server.database.db, server.store).recording(userId, {
    audioKey,
    mimeType: 'audio/wav',
    sizeBytes: bytes.length,
    duration: bytes.length / 32_000,
    transcription: text,
    detectedLanguage: language,
    transcriptTimings: timings,
  });
  await page.goto(`${server.url}/library/recordings`);
  await page.getByRole('link', { name: /Tampere/ }).click();
  await page.waitForURL(new RegExp(`/library/recordings/${recording.id}$`), WAIT);
  // What the audio and the marking did, in order, each with the audio's time then: the test reads
  // what happened rather than catching a passing moment (a short clip on a loaded machine).
  await page.locator('audio').evaluate((audio: HTMLAudioElement) => {
    const log: Logged[] = [];
    (window as unknown as { audioLog: Logged[] }).audioLog = log;
    for (const event of ['seeking', 'play', 'pause'] as const) audio.addEventListener(event, () => log.push({ event, time: audio.currentTime }));
    new MutationObserver((changes) => {
      for (const change of changes) {
        const element = change.target as Element;
        if (element.getAttribute('aria-current') === 'true') log.push({ event: 'marked', time: audio.currentTime, text: element.textContent ?? '' });
      }
    }).observe(document.body, { subtree: true, attributeFilter: ['aria-current'] });
  });
  return { page, recordingId: recording.id };
}

interface Logged {
  event: 'seeking' | 'play' | 'pause' | 'marked';
  time: number;
  text?: string;
}

const logLength = (page: Page) => page.evaluate(() => (window as unknown as { audioLog: Logged[] }).audioLog.length);

/** The first `event` logged at or after entry `from` (that `matches`), waited for. */
async function logged(expect: ExpectStatic, page: Page, from: number, event: Logged['event'], matches: (entry: Logged) => boolean = () => true): Promise<Logged> {
  const find = async () => (await page.evaluate(() => (window as unknown as { audioLog: Logged[] }).audioLog)).slice(from).find((entry) => entry.event === event && matches(entry));
  await expect.poll(find, WAIT).toBeDefined();
  return (await find())!;
}

const storedTimings = async (id: number) =>
  (await server.database.db.select({ text: recordings.transcription, timings: recordings.transcriptTimings }).from(recordings).where(eq(recordings.id, id)))[0];

for (const language of ['en', 'fi'] as const) {
  const { timings, words, tapped, corrected } = CASES[language];
  const [first, second] = timings.sentences;

  it.concurrent(`${language}: the text follows the audio, a tapped word plays from its time, the keys steer it`, async ({ expect }) => {
    const { page } = await recordingPage(language, 'listen');
    const region = page.getByRole('region', { name: words.region });
    await region.waitFor(WAIT);
    await page.getByText(words.keys).waitFor(WAIT);
    await shots.page(page, `${language}-open`);
    expect(await seriousViolations(page)).toEqual([]);

    // Playing: when the audio reaches the second sentence, that sentence is marked (not before).
    let from = await logLength(page);
    await page.getByRole('button', { name: words.play }).click();
    const marked = await logged(expect, page, from, 'marked', (entry) => entry.text!.includes(second.text));
    expect(marked.time).toBeGreaterThanOrEqual(second.start - 0.02);
    await shots.page(page, `${language}-following`);

    // A tapped word plays from its time: the engine's (English), or its place in the sentence
    // (Finnish). Paused first, so the tap's start shows as a play event.
    await page.locator('audio').evaluate((audio: HTMLAudioElement) => audio.pause());
    from = await logLength(page);
    await region.getByText(tapped, { exact: true }).click();
    // (The clip may end meanwhile, and the player goes back to 0: that seek is not the tap's.)
    const at = (await logged(expect, page, from, 'seeking', (entry) => entry.time > first.end)).time;
    if (second.words) {
      const word = second.words.find((w) => w.text === tapped)!;
      expect(at).toBeCloseTo(word.start, 2);
    } else {
      expect(at).toBeGreaterThan(second.start);
      expect(at).toBeLessThan(second.end);
    }
    await logged(expect, page, from, 'play');

    // The keys, with the focus on no field, from a known state (paused in the second sentence,
    // less than 5 s in: how far the tap's play ran depends on the machine): J back 5 s (to the
    // start), L to the next sentence's start and on, Space plays, K pauses.
    await page.locator('audio').evaluate(
      (audio: HTMLAudioElement, at: number) =>
        new Promise<void>((resolve) => {
          audio.pause();
          // Its own seek logged and done before a key's is looked for.
          audio.addEventListener('seeked', () => resolve(), { once: true });
          audio.currentTime = at;
        }),
      second.start,
    );
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const key = async (name: string, event: Logged['event']) => {
      const before = await logLength(page);
      await page.keyboard.press(name);
      return logged(expect, page, before, event);
    };
    expect((await key('j', 'seeking')).time).toBe(0);
    expect((await key('l', 'seeking')).time).toBeCloseTo(first.start, 3);
    expect((await key('L', 'seeking')).time).toBeCloseTo(second.start, 3);
    expect((await key('J', 'seeking')).time).toBe(0);
    await key(' ', 'play');
    // Paused by the key, not by the clip's end.
    expect((await key('k', 'pause')).time).toBeLessThan(second.end);

    // Back: the recordings again.
    await page.goBack();
    await page.waitForURL(/\/library\/recordings$/, WAIT);
  });

  it.concurrent(`${language}: a word corrected in place keeps its time; leaving first asks`, async ({ expect }) => {
    const { page, recordingId } = await recordingPage(language, 'correct');
    const region = page.getByRole('region', { name: words.region });
    await region.waitFor(WAIT);
    const sentence = timings.sentences.find((s) => s.text.includes(corrected.word))!;
    const box = page.getByRole('textbox', { name: language === 'fi' ? `Korjaa sana ”${corrected.word}”` : `Correct “${corrected.word}”` });
    const word = region.getByText(corrected.word, { exact: true });
    if (corrected.hold) {
      // Held: the box opens while the finger is still on the word.
      const bounds = (await word.boundingBox())!;
      await page.mouse.move(bounds.x + bounds.width / 2, bounds.y + bounds.height / 2);
      await page.mouse.down();
      await box.waitFor(WAIT);
      await page.mouse.up();
    } else {
      await page.getByRole('button', { name: words.correctWords }).click();
      await shots.page(page, `${language}-choosing`);
      await word.click();
    }
    await box.fill(corrected.to);
    await shots.page(page, `${language}-correcting`);
    expect(await seriousViolations(page)).toEqual([]);

    // "Play this sentence again": from its start, and it stops at its end.
    const from = await logLength(page);
    await page.getByRole('button', { name: words.playAgain }).click();
    expect((await logged(expect, page, from, 'seeking')).time).toBeCloseTo(sentence.start, 3);
    await logged(expect, page, from, 'play');
    const stoppedAt = (await logged(expect, page, from, 'pause')).time;
    expect(stoppedAt).toBeGreaterThanOrEqual(sentence.end - 0.01);
    expect(stoppedAt).toBeLessThan(sentence.end + 0.75);

    // Back asks before the typed word could be lost; Stay keeps it.
    await page.goBack();
    const dialog = page.getByRole('alertdialog', { name: words.leave });
    await dialog.waitFor(WAIT);
    await shots.page(page, `${language}-leave`);
    await dialog.getByRole('button', { name: words.stay }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await box.inputValue()).toBe(corrected.to);

    // Saved: the transcript has the word, which keeps its time (English, timed words) or its
    // sentence's (Finnish, sentence times only); the text still follows the audio.
    await page.getByRole('button', { name: words.save, exact: true }).click();
    await expect.poll(async () => (await storedTimings(recordingId)).text, WAIT).toContain(` ${corrected.to} `);
    if (sentence.words) {
      const before = sentence.words.find((w) => w.text === corrected.word)!;
      const timedWord = async () => (await storedTimings(recordingId)).timings?.sentences.flatMap((s) => s.words ?? [])[corrected.index];
      await expect.poll(timedWord, WAIT).toMatchObject({ text: corrected.to, start: before.start });
    } else {
      const timedSentence = async () => (await storedTimings(recordingId)).timings?.sentences.find((s) => s.text.includes(corrected.to));
      await expect.poll(timedSentence, WAIT).toMatchObject({ start: sentence.start, end: sentence.end });
    }
    await region.getByText(corrected.to, { exact: true }).waitFor(WAIT);
    await shots.page(page, `${language}-corrected`);

    // Back: nothing is left unsaved, so the recordings again without a question.
    await page.goBack();
    await page.waitForURL(/\/library\/recordings$/, WAIT);
  });
}
