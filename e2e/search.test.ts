import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// The library's search box at phone size: ranked results with the words marked, a result
// opens its story and Back returns to the search, clearing returns to the library, an empty
// result says so. Once in Finnish.

let server: TestApp;
let browser: Browser;

useBrowserApp({ engines: 'none' }, (app) => ({ server, browser } = app));

const shots = screenshots('search', { fullPage: true });
const seed = () => seeder(server.database.db);

it('finds stories as you type, opens one, returns to the search on Back, and clears back to the library', async () => {
  const { page, userId } = await signedInPage(browser, server, 'search-en@example.com');
  await seed().story(userId, { title: 'Winter in Oulu', content: 'Snow fell for weeks. We once watched a boat race in the harbour.' });
  const boats = await seed().story(userId, { title: 'Boats', content: 'Father built boats in the shed, and we sailed them to the island every June.' });
  await seed().story(userId, { title: 'The bakery', content: 'Rye bread and cinnamon buns.' });

  await page.goto(`${server.url}/library`);
  await page.getByRole('list', { name: 'Stories', exact: true }).waitFor({ timeout: 15_000 });
  const box = page.getByRole('searchbox', { name: 'Search stories' });
  await box.pressSequentially('boat', { delay: 40 });
  const results = page.getByRole('list', { name: 'Stories matching “boat”' });
  await results.waitFor({ timeout: 10_000 });
  const links = results.getByRole('link');
  await expect.poll(() => links.allTextContents(), { timeout: 10_000 }).toHaveLength(2);
  // The title match first, its matched word marked.
  await expect.poll(async () => (await links.first().textContent())?.startsWith('Boats'), { timeout: 10_000 }).toBe(true);
  expect((await links.first().locator('mark').allTextContents()).map((t) => t.toLowerCase())).toContain('boats');
  expect(page.url()).toContain('q=boat');
  await shots.page(page, 'results-en');

  await links.first().click();
  await page.waitForURL(new RegExp(`/library/${boats.id}$`), { timeout: 10_000 });
  await page.goBack();
  await results.waitFor({ timeout: 10_000 });
  await expect.poll(() => box.inputValue(), { timeout: 5_000 }).toBe('boat');

  await box.fill('zeppelin');
  await page.getByText('No stories match “zeppelin”').waitFor({ timeout: 10_000 });
  await shots.page(page, 'empty-en');

  // More than a page: the rest come with Show more.
  for (let i = 0; i < 12; i++) await seed().story(userId, { title: `Tram ride ${i}`, content: 'The tram rattled.' });
  await box.fill('tram');
  const trams = page.getByRole('list', { name: 'Stories matching “tram”' }).getByRole('link');
  await expect.poll(() => trams.count(), { timeout: 10_000 }).toBe(10);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => trams.count(), { timeout: 10_000 }).toBe(12);
  expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);

  await page.getByRole('button', { name: 'Clear search' }).click();
  const library = page.getByRole('list', { name: 'Stories', exact: true });
  await library.getByRole('link').filter({ hasText: 'The bakery' }).waitFor({ timeout: 10_000 });
  expect(await page.getByRole('list', { name: /Stories matching/ }).count()).toBe(0);
  expect(page.url()).not.toContain('q=');
});

it('in Finnish, "järvellä" finds the lake story with its word marked', async () => {
  const { page, userId } = await signedInPage(browser, server, 'search-fi@example.com', { language: 'fi' });
  await seed().story(userId, { title: 'Mökkikesä', content: 'Isoisän mökki oli järven rannalla. Järvi oli kirkas ja kylmä.', language: 'fi' });
  await seed().story(userId, { title: 'Kaupunkitalvi', content: 'Lunta satoi viikkoja.', language: 'fi' });

  await page.goto(`${server.url}/library`);
  const box = page.getByRole('searchbox', { name: 'Hae tarinoita' });
  await box.fill('järvellä');
  const results = page.getByRole('list', { name: 'Hakua ”järvellä” vastaavat tarinat' });
  await results.waitFor({ timeout: 10_000 });
  await expect.poll(() => results.getByRole('link').allTextContents(), { timeout: 10_000 }).toHaveLength(1);
  expect((await results.locator('mark').allTextContents()).map((t) => t.toLowerCase())).toEqual(expect.arrayContaining(['järven', 'järvi']));
  await shots.page(page, 'results-fi');
});
