import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../contract/languages.ts';
import { runFfmpeg } from '../server/audio/ffmpeg.ts';
import { offlineSitePages } from '../server/archive/offline-site/index.ts';
import { SAMPLE_FILES, sampleSiteInput } from '../server/archive/offline-site/sample.fixture.ts';
import { CLIPS } from '../test/support/shared-files.ts';
import { sharedChromium } from './support/browser.ts';
import { screenshots } from './support/screenshots.ts';
import { WAIT } from './support/wait.ts';

// The archive's index.html as a person opens it years from now: unzipped into a folder whose
// name has a space and an "ä", from file://, on a phone, with the network off. Every request
// that is not a file of the archive is refused and recorded; none may be attempted.
let folder: string;
let browser: Browser;
const shots = screenshots('offline-site', { fullPage: true });
const AXE_SOURCE = readFileSync(process.env.AXE_PATH ?? createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page (contrast, names...), as the accessibility test reads them. */
async function accessibilityProblems(page: Page): Promise<string[]> {
  // Evaluated, not added as a script tag: the page's policy refuses every script.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact?: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  return violations.map((violation) => `${page.url()}: ${violation}`);
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'saaga arkisto ä-'));
  browser = await sharedChromium();
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** Writes the pages of the sample archive in `language`, a real WebM/Opus recording and its transcript beside them. */
async function writeArchive(language: Language): Promise<string> {
  const root = join(folder, language);
  const write = async (path: string, content: string | Buffer) => {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  };
  for (const page of offlineSitePages(sampleSiteInput(language))) await write(page.path, page.content);
  const audio = join(root, SAMPLE_FILES.kitchenAudio);
  await mkdir(dirname(audio), { recursive: true });
  const encoded = await runFfmpeg(['-v', 'error', '-y', '-i', CLIPS.finnish, '-c:a', 'libopus', '-b:a', '64k', '-f', 'webm', audio], { timeoutMs: 60_000 });
  if (encoded.exitCode !== 0) throw new Error(`ffmpeg: ${encoded.stderr}`);
  await write(SAMPLE_FILES.kitchenTranscript, 'Mummon keittiössä tuoksui pulla.\n');
  // Each photo's display copy, as the export writes it under site/photos/.
  for (const [i, photo] of sampleSiteInput(language).photos.entries()) {
    const colour = ['#b45309', '#0f766e', '#1d4ed8', '#7c3aed', '#be123c'][i % 5];
    await write(photo.displayFile, await sharp({ create: { width: photo.width, height: photo.height, channels: 3, background: colour } }).jpeg().toBuffer());
  }
  return root;
}

interface Watched {
  context: BrowserContext;
  page: Page;
  /** Every request for anything but a file:// URL, refused. */
  network: string[];
  /** Console errors, uncaught errors and anything the page's policy refused. */
  errors: string[];
}

async function openOffline(language: Language): Promise<Watched> {
  // English in the light scheme, Finnish in the dark one: both palettes are audited.
  const context = await browser.newContext({
    offline: true,
    viewport: { width: 390, height: 844 },
    locale: language === 'fi' ? 'fi-FI' : 'en-US',
    colorScheme: language === 'fi' ? 'dark' : 'light',
  });
  const network: string[] = [];
  const errors: string[] = [];
  await context.route(
    (url) => url.protocol !== 'file:',
    (route) => {
      network.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  context.on('request', (request) => {
    if (!request.url().startsWith('file:')) network.push(request.url());
  });
  await context.exposeBinding('reportCspViolation', (_source, text: string) => errors.push(`policy: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.effectiveDirective} refused ${event.blockedURI}`);
    });
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return { context, page, network, errors };
}

const WORDS = {
  en: { title: "Aino Äijälä's life stories", byYear: 'By year', grandmother: 'Grandmother', recordedBy: 'Recorded by Serkku <b>Liisa</b>' },
  fi: { title: 'Aino Äijälä: elämäntarinat', byYear: 'Vuosittain', grandmother: 'Isoäiti', recordedBy: 'Nauhoittanut Serkku <b>Liisa</b>' },
} as const;

describe.each(['en', 'fi'] as const)('the offline archive from file:// with the network off (%s)', (language) => {
  it('index → a chapter story → its recording plays → a person → back, nothing asked of the network, no error', async () => {
    const root = await writeArchive(language);
    const words = WORDS[language];
    const { context, page, network, errors } = await openOffline(language);
    const accessibility: string[] = [];
    try {
      await page.goto(pathToFileURL(join(root, 'index.html')).href);
      await page.getByRole('heading', { level: 1, name: words.title }).waitFor(WAIT);
      await page.getByRole('heading', { level: 2, name: words.byYear }).waitFor(WAIT);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shots.page(page, `${language}-index`);
      accessibility.push(...(await accessibilityProblems(page)));

      // The chapter's story, by its link in the chapter's list.
      await page.locator('#chapters').getByRole('link', { name: 'Mummon keittiö #1' }).click();
      await page.getByRole('heading', { level: 1, name: 'Mummon keittiö #1' }).waitFor(WAIT);
      expect(decodeURIComponent(page.url())).toBe(decodeURIComponent(pathToFileURL(join(root, 'site/stories/2024-05-01 Mummon keittiö #1.html')).href));
      await page.getByText(words.recordedBy).waitFor(WAIT);

      // Its photos load from the archive's site/photos/ folder, the cover first, each with its caption.
      const photos = page.locator('#photos img');
      await expect.poll(() => photos.evaluateAll((images: HTMLImageElement[]) => images.map((image) => image.complete && image.naturalWidth > 0)), WAIT).toEqual([true, true, true]);
      expect(await photos.first().getAttribute('alt')).toBe('Pullapäivä');
      expect(await page.locator('#photos figure').first().boundingBox().then((box) => box!.width)).toBeLessThanOrEqual(390);

      // Its first recording loads from the archive's recordings/ folder and plays.
      const audio = page.locator('#recordings audio').first();
      expect(await audio.evaluate((a: HTMLAudioElement) => decodeURIComponent(a.currentSrc || a.src))).toBe(
        decodeURIComponent(pathToFileURL(join(root, SAMPLE_FILES.kitchenAudio)).href),
      );
      await audio.evaluate((a: HTMLAudioElement) => a.load());
      await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => (a.error ? `error ${a.error.code}` : a.readyState)), WAIT).toBeGreaterThanOrEqual(1);
      expect(await audio.evaluate((a: HTMLAudioElement) => a.duration)).toBeGreaterThan(1);
      await audio.evaluate((a: HTMLAudioElement) => {
        a.muted = true;
        return a.play();
      });
      await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), WAIT).toBeGreaterThan(0.2);
      await audio.evaluate((a: HTMLAudioElement) => a.pause());
      await shots.page(page, `${language}-story`);
      accessibility.push(...(await accessibilityProblems(page)));

      // Its transcript opens as a file of the archive.
      await page.getByRole('link', { name: /\(\.txt\)/ }).click();
      await page.getByText('Mummon keittiössä tuoksui pulla.').waitFor(WAIT);
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Mummon keittiö #1' }).waitFor(WAIT);

      // A person it mentions, and back.
      await page.locator('article').getByRole('link', { name: 'Mummo' }).click();
      await page.getByRole('heading', { level: 1, name: 'Mummo' }).waitFor(WAIT);
      await page.getByText(words.grandmother).waitFor(WAIT);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shots.page(page, `${language}-person`);
      accessibility.push(...(await accessibilityProblems(page)));
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Mummon keittiö #1' }).waitFor(WAIT);
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: words.title }).waitFor(WAIT);
      await page.locator('#years').getByRole('link', { name: 'Koulutie' }).waitFor(WAIT);

      expect(network).toEqual([]);
      expect(errors).toEqual([]);
      expect(accessibility).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
