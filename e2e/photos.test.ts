import { asc, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, type ExpectStatic, it } from 'vitest';
import { people, photos, stories } from '../server/db/schema.ts';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import commonEn from '../client/src/i18n/locales/en/common.json';
import commonFi from '../client/src/i18n/locales/fi/common.json';
import errorsEn from '../client/src/i18n/locales/en/errors.json';
import errorsFi from '../client/src/i18n/locales/fi/errors.json';
import libraryEn from '../client/src/i18n/locales/en/library.json';
import libraryFi from '../client/src/i18n/locales/fi/library.json';
import peopleEn from '../client/src/i18n/locales/en/people.json';
import peopleFi from '../client/src/i18n/locales/fi/people.json';
import photosEn from '../client/src/i18n/locales/en/photos.json';
import photosFi from '../client/src/i18n/locales/fi/photos.json';
import shellEn from '../client/src/i18n/locales/en/shell.json';
import shellFi from '../client/src/i18n/locales/fi/shell.json';
import storyDetailEn from '../client/src/i18n/locales/en/storyDetail.json';
import storyDetailFi from '../client/src/i18n/locales/fi/storyDetail.json';
import { useBrowserApp } from './support/browser-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { pastPageTimers, WAIT } from './support/wait.ts';
import { screenshots } from './support/screenshots.ts';

// The owner's photos at phone size, in English and in Finnish: two added to a story from the
// file picker (and a GIF refused with its reason), the date taken offered as the story's time
// and set only by the button, a caption (whose editor holds Back), a reorder by keyboard, the
// cover chosen and seen in the library, one deleted after a question; a person's portrait
// seen in People. Back at every step; a screenshot of every new screen.
const shots = screenshots('photos');

let server: TestApp;
let browser: Browser;
useBrowserApp({ engines: 'none' }, (app) => ({ server, browser } = app));
const db = () => server.database.db;

/** The screens' own words, with {{placeholders}} filled. */
const fill = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

const LANGUAGES = [
  {
    language: 'en' as const,
    photos: photosEn,
    common: commonEn,
    errors: errorsEn,
    library: libraryEn,
    people: peopleEn,
    shell: shellEn,
    storyDetail: storyDetailEn,
    takenOn: 'June 12, 1974',
  },
  {
    language: 'fi' as const,
    photos: photosFi,
    common: commonFi,
    errors: errorsFi,
    library: libraryFi,
    people: peopleFi,
    shell: shellFi,
    storyDetail: storyDetailFi,
    takenOn: '12. kesäkuuta 1974',
  },
];

/** A photo as a phone makes it: the lake one with the day it was taken and where (EXIF), the sauna one without. */
const lakeJpeg = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a6ea5' } })
    .withExif({
      IFD0: { Make: 'Saaga Test', Model: 'Phone' },
      IFD2: { DateTimeOriginal: '1974:06:12 10:30:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '61/1 30/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '23/1 45/1 0/1' },
    })
    .jpeg({ quality: 80 })
    .toBuffer();
const saunaPng = () => sharp({ create: { width: 600, height: 900, channels: 3, background: '#b5651d' } }).png().toBuffer();
const portraitJpeg = () => sharp({ create: { width: 500, height: 500, channels: 3, background: '#6b8e23' } }).jpeg().toBuffer();
const gif = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#888888' } }).gif().toBuffer();

const photoRows = (where: ReturnType<typeof eq>) => db().select().from(photos).where(where).orderBy(asc(photos.position), asc(photos.id));

/** Picks files with the visible button, as a person does: the browser's own file chooser opens. */
async function pickFiles(page: Page, button: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser', WAIT), page.getByRole('button', { name: button, exact: true }).click()]);
  expect(chooser.isMultiple()).toBe(true);
  await chooser.setFiles(files);
}

/** The photos section of a detail page. */
const section = (page: Page) => page.locator('section').filter({ has: page.getByRole('heading', { name: /^(Photos|Kuvat)$/ }) });

/** An image on the page has arrived and been decoded (not a broken link). */
const loaded = (expect: ExpectStatic, page: Page, selector: string) =>
  expect.poll(() => page.locator(selector).first().evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), WAIT).toBe(true);

// Each test has its own user and page: they run side by side, both languages at once.
describe.concurrent.each(LANGUAGES)('photos in $language', (words) => {
  const { language } = words;
  const p = words.photos;

  it('adds, captions, orders and deletes a story\'s photos, offers the date taken, and shows the cover in the library', async ({ expect }) => {
    const { page, userId } = await signedInPage(browser, server, `photos-story-${language}@example.com`, { language });
    const story = await seeder(db()).story(userId, { title: language === 'fi' ? 'Kesä järvellä' : 'A summer at the lake', language });

    await page.goto(`${server.url}/library`);
    await page.getByRole('link', { name: new RegExp(story.title) }).click();
    await page.waitForURL(new RegExp(`/library/${story.id}$`), WAIT);
    await page.getByRole('heading', { name: p.title, exact: true }).waitFor(WAIT);
    await page.getByText(p.empty, { exact: true }).waitFor(WAIT);

    // Two photos and a GIF from the picker: the GIF is refused with its reason, the two are added in the order picked.
    await pickFiles(page, p.add, [
      { name: 'lake.jpg', mimeType: 'image/jpeg', buffer: await lakeJpeg() },
      { name: 'sauna.png', mimeType: 'image/png', buffer: await saunaPng() },
      { name: 'moving.gif', mimeType: 'image/gif', buffer: await gif() },
    ]);
    const uploads = page.getByRole('list', { name: p.uploads.label });
    await uploads.getByText(words.errors.codes.photo_type_unsupported).waitFor(WAIT);
    const strip = page.getByRole('list', { name: p.listLabel });
    await expect.poll(() => strip.getByRole('listitem').count(), WAIT).toBe(2);
    const [lake, sauna] = await photoRows(eq(photos.storyId, story.id));
    expect([lake, sauna].map((row) => [row.originalType, row.takenOn, row.hasLocation])).toEqual([
      ['image/jpeg', '1974-06-12', true],
      ['image/png', null, false],
    ]);
    await loaded(expect, page, `img[src="/api/photos/${lake.id}?size=thumb"]`);
    await shots.element(section(page), `story-added-${language}`);
    await uploads.getByRole('button', { name: fill(p.uploads.dismissNamed, { name: 'moving.gif' }) }).click();
    await uploads.waitFor({ state: 'detached', ...WAIT });

    // The date taken is offered, and nothing changes until the button is pressed.
    const offer = page.getByText(fill(p.dateOffer.question, { date: words.takenOn }), { exact: true });
    await offer.waitFor(WAIT);
    expect((await db().select().from(stories).where(eq(stories.id, story.id)))[0].temporalType).toBeNull();
    await shots.element(section(page), `date-offer-${language}`);
    await page.getByRole('button', { name: p.dateOffer.use, exact: true }).click();
    await offer.waitFor({ state: 'detached', ...WAIT });
    await expect
      .poll(async () => (await db().select().from(stories).where(eq(stories.id, story.id)))[0], WAIT)
      .toMatchObject({ temporalType: 'specific_date', specificDate: '1974-06-12', year: 1974 });

    // The first photo full size: its date, its location kept private, a caption typed.
    await strip.getByRole('button', { name: fill(p.open, { name: fill(p.photoNumber, { position: 1, total: 2 }) }) }).click();
    await page.waitForURL(new RegExp(`/library/${story.id}\\?photo=${lake.id}$`), WAIT);
    const viewer = page.getByRole('dialog', { name: fill(p.viewer.title, { position: 1, total: 2 }) });
    await viewer.getByText(fill(p.takenOn, { date: words.takenOn })).waitFor(WAIT);
    await viewer.getByText(p.locationKept).waitFor(WAIT);
    await loaded(expect, page, `img[src="/api/photos/${lake.id}?size=display"]`);
    await shots.page(page, `viewer-${language}`);
    await viewer.getByRole('button', { name: p.caption.add }).click();
    const caption = language === 'fi' ? 'Mummo järvellä' : 'Grandma at the lake';
    await viewer.getByLabel(p.caption.label).fill(caption);
    // Back with the caption unsaved: asked first; Stay keeps it.
    await page.goBack();
    const leave = page.getByRole('alertdialog', { name: words.common.editor.leave.title });
    await leave.waitFor(WAIT);
    await shots.page(page, `caption-leave-${language}`);
    await leave.getByRole('button', { name: words.common.editor.leave.stay }).click();
    expect(await viewer.getByLabel(p.caption.label).inputValue()).toBe(caption);
    expect(page.url()).toContain(`?photo=${lake.id}`);
    await viewer.getByRole('button', { name: p.caption.save }).click();
    await page.getByText(p.caption.saved).first().waitFor(WAIT);
    await expect.poll(async () => (await photoRows(eq(photos.id, lake.id)))[0].caption, WAIT).toBe(caption);
    // Back closes the photo and stays on the story.
    await page.goBack();
    await viewer.waitFor({ state: 'detached', ...WAIT });
    expect(page.url()).toMatch(new RegExp(`/library/${story.id}$`));
    await strip.getByText(caption).waitFor(WAIT);

    // Order by keyboard: the sauna photo's handle, Space, left, Space.
    const quoted = fill(p.quoted, { caption });
    await strip.getByRole('button', { name: fill(p.reorder.handle, { name: fill(p.photoNumber, { position: 2, total: 2 }) }) }).focus();
    const announced = (text: string) => page.getByText(text, { exact: true }).waitFor({ state: 'attached', ...WAIT });
    await page.keyboard.press('Space');
    await announced(fill(p.reorder.pickedUp, { position: 2, total: 2 }));
    // The keyboard sensor listens for the arrows from a timer it sets on pick-up: past it first.
    await pastPageTimers(page, 0);
    await page.keyboard.press('ArrowLeft');
    await announced(fill(p.reorder.movedTo, { position: 1, total: 2 }));
    await page.keyboard.press('Space');
    await expect.poll(async () => (await photoRows(eq(photos.storyId, story.id))).map((row) => [row.id, row.position]), WAIT).toEqual([
      [sauna.id, 0],
      [lake.id, 1],
    ]);
    // With none chosen, the cover is the first photo: now the sauna one.
    await strip.getByRole('listitem').first().getByText(p.chosen.cover, { exact: true }).waitFor(WAIT);
    await shots.element(section(page), `story-ordered-${language}`);

    // The lake photo chosen as the cover, in its full-size view.
    await strip.getByRole('button', { name: fill(p.open, { name: quoted }) }).click();
    const lakeViewer = page.getByRole('dialog', { name: fill(p.viewer.title, { position: 2, total: 2 }) });
    await lakeViewer.getByRole('button', { name: p.chosen.useAsCover }).click();
    await lakeViewer.getByText(p.chosen.isCover).waitFor(WAIT);
    await expect.poll(async () => (await db().select().from(stories).where(eq(stories.id, story.id)))[0].coverPhotoId, WAIT).toBe(lake.id);
    await page.goBack();
    await lakeViewer.waitFor({ state: 'detached', ...WAIT });
    await strip.getByRole('listitem').nth(1).getByText(p.chosen.cover, { exact: true }).waitFor(WAIT);

    // The library row shows the cover's thumbnail; Back returns to the story.
    await page.getByRole('navigation').getByRole('link', { name: words.shell.nav.library, exact: true }).click();
    await page.waitForURL(/\/library$/, WAIT);
    await loaded(expect, page, `main a[href="/library/${story.id}"] img[src="/api/photos/${lake.id}?size=thumb"]`);
    await shots.page(page, `library-cover-${language}`);
    // And the timeline's item, now in 1974 by the date taken.
    await page.getByRole('link', { name: words.library.timeline, exact: true }).click();
    await page.waitForURL(/\/timeline$/, WAIT);
    await page.getByRole('heading', { name: '1974' }).waitFor(WAIT);
    await loaded(expect, page, `main a[href="/library/${story.id}"] img[src="/api/photos/${lake.id}?size=thumb"]`);
    await shots.page(page, `timeline-cover-${language}`);
    await page.goBack();
    await page.waitForURL(/\/library$/, WAIT);
    await page.goBack();
    await page.waitForURL(new RegExp(`/library/${story.id}$`), WAIT);
    await expect.poll(() => strip.getByRole('listitem').count(), WAIT).toBe(2);

    // Delete the sauna photo: asked first; Cancel keeps it, Delete removes it.
    await strip.getByRole('button', { name: fill(p.open, { name: fill(p.photoNumber, { position: 1, total: 2 }) }) }).click();
    const saunaViewer = page.getByRole('dialog', { name: fill(p.viewer.title, { position: 1, total: 2 }) });
    await saunaViewer.getByRole('button', { name: fill(p.delete.named, { name: fill(p.photoNumber, { position: 1, total: 2 }) }) }).click();
    const confirm = page.getByRole('alertdialog', { name: p.delete.title });
    await confirm.getByText(p.delete.description).waitFor(WAIT);
    await shots.page(page, `delete-confirm-${language}`);
    await confirm.getByRole('button', { name: words.common.actions.cancel }).click();
    await confirm.waitFor({ state: 'detached', ...WAIT });
    expect(await photoRows(eq(photos.storyId, story.id))).toHaveLength(2);
    await saunaViewer.getByRole('button', { name: fill(p.delete.named, { name: fill(p.photoNumber, { position: 1, total: 2 }) }) }).click();
    await confirm.getByRole('button', { name: p.delete.confirm, exact: true }).click();
    await saunaViewer.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(async () => (await photoRows(eq(photos.storyId, story.id))).map((row) => row.id), WAIT).toEqual([lake.id]);
    // The deleted photo's view is closed: its entry is gone from the history, Back leaves the story.
    await page.waitForURL(new RegExp(`/library/${story.id}$`), WAIT);
    await expect.poll(() => strip.getByRole('listitem').count(), WAIT).toBe(1);

    // Deleting the story says its photos go too (Cancel: nothing is deleted here).
    await page.getByRole('button', { name: words.storyDetail.delete.link }).click();
    const deleteStory = page.getByRole('alertdialog', { name: words.library.delete.title });
    await deleteStory.getByText(fill(words.library.delete.description, { title: story.title })).waitFor(WAIT);
    await shots.page(page, `delete-story-${language}`);
    await deleteStory.getByRole('button', { name: words.common.actions.cancel }).click();

    // Back from the story is the library.
    await page.goBack();
    await page.waitForURL(/\/library$/, WAIT);
  });

  it('sets a person\'s portrait, seen in People instead of the initials', async ({ expect }) => {
    const { page, userId } = await signedInPage(browser, server, `photos-person-${language}@example.com`, { language });
    const person = await seeder(db()).person(userId, 'Aino Virtanen', 'grandmother');

    await page.goto(`${server.url}/people`);
    const row = page.getByRole('link', { name: /Aino Virtanen/ });
    await row.waitFor(WAIT);
    expect(await row.locator('img').count()).toBe(0);
    await row.click();
    await page.waitForURL(new RegExp(`/people/${person.id}$`), WAIT);

    await pickFiles(page, p.add, [{ name: 'aino.jpg', mimeType: 'image/jpeg', buffer: await portraitJpeg() }]);
    const strip = page.getByRole('list', { name: p.listLabel });
    await expect.poll(() => strip.getByRole('listitem').count(), WAIT).toBe(1);
    const [portrait] = await photoRows(eq(photos.personId, person.id));
    // No portrait until one is chosen: a person keeps their initials.
    expect(await strip.getByText(p.chosen.portrait, { exact: true }).count()).toBe(0);
    await shots.element(section(page), `person-${language}`);

    await strip.getByRole('button', { name: fill(p.open, { name: fill(p.photoNumber, { position: 1, total: 1 }) }) }).click();
    const viewer = page.getByRole('dialog', { name: fill(p.viewer.title, { position: 1, total: 1 }) });
    await viewer.getByRole('button', { name: p.chosen.useAsPortrait }).click();
    await viewer.getByRole('button', { name: p.chosen.stopPortrait }).waitFor(WAIT);
    await expect.poll(async () => (await db().select().from(people).where(eq(people.id, person.id)))[0].portraitPhotoId, WAIT).toBe(portrait.id);
    // Only the portrait changed: what the person wrote about them is as it was.
    expect((await db().select().from(people).where(eq(people.id, person.id)))[0]).toMatchObject({ name: 'Aino Virtanen', relationship: 'grandmother' });
    await shots.page(page, `portrait-viewer-${language}`);
    await page.goBack();
    await viewer.waitFor({ state: 'detached', ...WAIT });
    await strip.getByText(p.chosen.portrait, { exact: true }).waitFor(WAIT);
    await loaded(expect, page, `main img[src="/api/photos/${portrait.id}?size=thumb"]`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shots.page(page, `person-with-portrait-${language}`);

    // Deleting the person says their photos go too (Cancel).
    await page.getByRole('button', { name: words.people.detail.edit, exact: true }).click();
    await page.getByRole('button', { name: words.people.detail.delete, exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(words.people.detail.deleteText).waitFor(WAIT);
    await confirm.getByRole('button', { name: words.common.actions.cancel }).click();
    await page.getByRole('button', { name: words.people.detail.cancel, exact: true }).click();

    // Back to People: the portrait instead of the initials.
    await page.goBack();
    await page.waitForURL(/\/people$/, WAIT);
    await loaded(expect, page, `main a[href="/people/${person.id}"] img[src="/api/photos/${portrait.id}?size=thumb"]`);
    await shots.page(page, `people-portrait-${language}`);
  });
});
