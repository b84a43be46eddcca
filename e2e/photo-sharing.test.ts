import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, type ExpectStatic, it } from 'vitest';
import { photos } from '../server/db/schema.ts';
import { jpegPhoto, PHONE_EXIF } from '../test/support/photo-files.ts';
import { secretsIn } from '../test/support/photo-secrets.ts';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';
import { screenshots } from './support/screenshots.ts';

// Photos wherever the story goes (issue 27), at phone size, in English and in Finnish: a
// signed-out reader sees the published story's photo with its caption; a relative sees it on
// the co-author page and adds one of their own from the file picker under their name; the
// owner sees that photo in the story under the relative's name. Every image the two see is a
// derived copy without the GPS position the photo was taken with.
const PHONE = { width: 390, height: 844 };

let server: TestApp;
let browser: Browser;
useBrowserApp({ engines: 'none', env: { PUBLIC_RATE_LIMIT: '10000', CONTRIBUTION_RATE_LIMIT: '1000' } }, (app) => ({ server, browser } = app));

const shots = screenshots('photo-sharing', { fullPage: true });

const WORDS = {
  en: {
    addPhotos: 'Add photos',
    name: 'Your name',
    continue: 'Continue',
    caption: 'Caption (optional)',
    send: 'Add photo',
    added: 'Photo added',
    by: 'Added by Pekka',
    photosHeading: 'Photos',
    leaveTitle: 'Leave this page?',
    open: 'Open photo',
    quoted: (text: string) => `“${text}”`,
    stay: 'Cancel',
  },
  fi: {
    addPhotos: 'Lisää kuvia',
    name: 'Nimesi',
    continue: 'Jatka',
    caption: 'Kuvateksti (valinnainen)',
    send: 'Lisää kuva',
    added: 'Kuva lisätty',
    by: 'Lisännyt Pekka',
    photosHeading: 'Kuvat',
    leaveTitle: 'Poistutaanko sivulta?',
    open: 'Avaa kuva',
    quoted: (text: string) => `”${text}”`,
    stay: 'Peruuta',
  },
} as const;

/**
 * Waits until the image has loaded (a broken one has no natural width), and gives the bytes
 * the browser was sent. The server's page is replaced by the app's as it starts: the image
 * is looked for again until one stays.
 */
async function loadedImage(expect: ExpectStatic, page: Page, image: Locator): Promise<Uint8Array> {
  const loadedWidth = () =>
    image.evaluate((element: HTMLImageElement) => {
      element.scrollIntoView({ block: 'center' });
      return element.complete ? element.naturalWidth : 0;
    });
  await expect.poll(() => loadedWidth().catch(() => 0), WAIT).toBeGreaterThan(0);
  const src = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
  const response = await page.context().request.get(src);
  expect(response.status()).toBe(200);
  return new Uint8Array(await response.body());
}

// Each language has its own owner, story and pages: the two run side by side.
describe.concurrent.each(['en', 'fi'] as const)('photo sharing in %s', (language) => {
  const words = WORDS[language];
  it('the public page and the co-author page show the photo; a relative adds one the owner sees under their name', async ({ expect }) => {
    const { page: owner, userId } = await signedInPage(browser, server, `photo-sharing-${language}@example.com`, { language });
    const title = language === 'fi' ? 'Kesät mökillä' : 'Summers at the cottage';
    const caption = language === 'fi' ? 'Laituri kesällä 1965' : 'The jetty in the summer of 1965';
    const content = language === 'fi' ? 'Soudimme järven yli joka aamu.' : 'We rowed across the lake every morning.';
    const story = await seeder(server.database.db).story(userId, { title, content, language });
    const headers = { origin: server.url };

    // The owner's photo, from a phone that wrote where it was taken; the owner publishes the story with it.
    const jpeg = await jpegPhoto({ width: 1600, height: 1200, exif: PHONE_EXIF });
    const added = await owner.context().request.post(`${server.url}/api/stories/${story.id}/photos`, {
      headers,
      multipart: { caption, photo: { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: jpeg } },
    });
    expect(added.status(), await added.text()).toBe(201);
    const slug = `photo-sharing-${language}`;
    expect((await owner.context().request.post(`${server.url}/api/stories/${story.id}/publish`, { headers, data: { generateAudio: false, customSlug: slug } })).status()).toBe(200);

    // A signed-out reader's phone: the photo opens the story, with its caption.
    const readerContext = await browser.newContext({ viewport: PHONE, locale: language === 'fi' ? 'fi-FI' : 'en-US' });
    const reader = await readerContext.newPage();
    await reader.goto(`${server.url}/published/${slug}`);
    await reader.getByRole('heading', { name: title, level: 1 }).waitFor();
    const publicImage = reader.getByRole('img', { name: caption });
    expect(await secretsIn(await loadedImage(expect, reader, publicImage))).toEqual({ gps: false, serial: false, exif: false });
    await reader.getByText(caption, { exact: true }).waitFor();
    await reader.evaluate(() => window.scrollTo(0, 0));
    await shots.page(reader, `public-${language}`);
    // Away to Saaga's own page and Back: the story comes back with its photo.
    await reader.getByRole('link', { name: 'Saaga', exact: true }).click();
    await reader.waitForURL((address) => !address.pathname.startsWith('/published/'));
    await reader.goBack();
    await loadedImage(expect, reader, reader.getByRole('img', { name: caption }));

    // The owner's link; a relative opens it on their own phone.
    const link = await owner.context().request.post(`${server.url}/api/stories/${story.id}/co-author-token`, { headers });
    const { url } = (await link.json()) as { url: string };
    const relativeContext = await browser.newContext({ viewport: PHONE, locale: language === 'fi' ? 'fi-FI' : 'en-US' });
    const relative = await relativeContext.newPage();
    relative.on('pageerror', (error) => console.error('pageerror', error.message));
    await relative.goto(url);
    await relative.getByRole('heading', { name: title, level: 1 }).waitFor();
    await relative.getByRole('heading', { name: words.photosHeading }).waitFor();
    expect(await secretsIn(await loadedImage(expect, relative, relative.getByRole('img', { name: caption })))).toEqual({ gps: false, serial: false, exif: false });
    await shots.page(relative, `co-author-${language}`);

    // Adding a photo needs a name first, like a recording.
    await relative.getByRole('button', { name: words.addPhotos }).click();
    await relative.getByRole('textbox', { name: words.name }).fill('Pekka');
    await relative.getByRole('button', { name: words.continue }).click();
    const folder = mkdtempSync(path.join(tmpdir(), 'saaga-photo-sharing-'));
    const file = path.join(folder, 'sauna.jpg');
    writeFileSync(file, await jpegPhoto({ width: 900, height: 1200, exif: PHONE_EXIF }));
    await relative.getByTestId('co-author-photo-input').setInputFiles(file);
    const relativeCaption = language === 'fi' ? 'Mummo saunan portailla' : 'Grandmother on the sauna steps';
    await relative.getByRole('textbox', { name: words.caption }).fill(relativeCaption);
    await shots.page(relative, `co-author-chosen-${language}`);

    // Leaving with photos chosen asks first; staying keeps the choice and the caption.
    await relative.getByRole('link', { name: 'Saaga' }).click();
    await relative.getByRole('alertdialog', { name: words.leaveTitle }).waitFor();
    await shots.page(relative, `co-author-leave-${language}`);
    await relative.getByRole('button', { name: words.stay }).click();
    expect(await relative.getByRole('textbox', { name: words.caption }).inputValue()).toBe(relativeCaption);

    await relative.getByRole('button', { name: words.send, exact: true }).click();
    await relative.getByText(words.added).first().waitFor();
    const theirs = relative.getByRole('img', { name: relativeCaption });
    expect(await secretsIn(await loadedImage(expect, relative, theirs))).toEqual({ gps: false, serial: false, exif: false });
    await relative.getByText(words.by).waitFor();
    await shots.page(relative, `co-author-added-${language}`);
    // Nothing left unsent now: leaving does not ask, and Back shows both photos again.
    await relative.getByRole('link', { name: 'Saaga', exact: true }).click();
    await relative.waitForURL((address) => !address.pathname.startsWith('/co-author/'));
    await relative.goBack();
    await loadedImage(expect, relative, relative.getByRole('img', { name: relativeCaption }));
    await loadedImage(expect, relative, relative.getByRole('img', { name: caption }));

    const [row] = await server.database.db.select().from(photos).where(eq(photos.caption, relativeCaption));
    expect(row).toMatchObject({ storyId: story.id, userId, contributorName: 'Pekka', hasLocation: true });

    // The owner sees it in the story, under the relative's name.
    await owner.goto(`${server.url}/library/${story.id}`);
    await owner.getByRole('heading', { name: title }).first().waitFor();
    const underTheirName = owner.getByText(words.by, { exact: true });
    await underTheirName.waitFor(WAIT);
    await underTheirName.scrollIntoViewIfNeeded();
    await shots.page(owner, `owner-${language}`);
    // Its full-size view says so too.
    await owner.getByRole('button', { name: `${words.open} ${words.quoted(relativeCaption)}` }).click();
    await owner.getByRole('dialog').getByText(words.by, { exact: true }).waitFor(WAIT);
    await shots.page(owner, `owner-viewer-${language}`);
    await owner.keyboard.press('Escape');

    await readerContext.close();
    await relativeContext.close();
  });
});
