import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { users } from '../server/db/schema.ts';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// The publish card says the name the public page will show before Publish is pressed: the
// author name from Settings, else the full name (said so, with a way to set one), changed in
// place; the page then shows that name and never the full name silently. At phone size, in
// English and in Finnish.

let server: TestApp;
let browser: Browser;

useBrowserApp({ engines: 'none', env: { PUBLIC_RATE_LIMIT: '1000' } }, (app) => ({ server, browser } = app));

const shots = screenshots('published-as');
const publishCard = (page: Page, heading: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

/** A signed-in account named Aino Virtanen with no author name, and a written story of theirs. */
async function authorWithStory(email: string, language: 'en' | 'fi', title: string) {
  const { page, userId } = await signedInPage(browser, server, email, { language });
  await server.database.db.update(users).set({ lastName: 'Virtanen', authorName: null }).where(eq(users.id, userId));
  const story = await seeder(server.database.db).story(userId, { title, content: 'We rowed across the lake every morning.', language });
  return { page, story };
}

it('English: says the full name will be shown, sets an author name in place, and the page shows it', async () => {
  const { page, story } = await authorWithStory('published-as-en@example.com', 'en', 'The lake house');
  await page.goto(`${server.url}/library/${story.id}`);
  const card = publishCard(page, 'Publish');
  await card.getByText('Published as Aino Virtanen').waitFor();
  await card.getByText('You have no author name, so your full name will be shown on the public page. You can set an author name to show instead.').waitFor();
  await card.scrollIntoViewIfNeeded();
  await shots.page(page, 'full-name-en');

  // Set one here: Publish waits while the name is being edited.
  await card.getByRole('button', { name: 'Set an author name' }).click();
  const field = card.getByLabel('Author name');
  await field.fill('A. Virtanen');
  expect(await card.getByRole('button', { name: 'Publish' }).isDisabled()).toBe(true);
  await card.scrollIntoViewIfNeeded();
  await shots.page(page, 'editing-en');
  await card.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Author name saved', { exact: true }).waitFor();
  await card.getByText('Published as A. Virtanen').waitFor();
  expect(await card.getByText(/full name will be shown/).count()).toBe(0);
  await card.getByRole('button', { name: 'Change name' }).waitFor();
  await card.scrollIntoViewIfNeeded();
  await shots.page(page, 'author-name-en');

  // It is the Settings author name; Back returns to the story and its card.
  await page.goto(`${server.url}/settings`);
  await page.getByText('“A. Virtanen”').waitFor();
  await page.goBack();
  await card.getByText('Published as A. Virtanen').waitFor();

  await card.getByRole('switch', { name: 'Narration' }).click();
  await card.getByRole('button', { name: 'Publish' }).click();
  await card.getByText('Published without narration.').waitFor();
  const url = (await card.getByTestId('public-url').textContent())!;
  const reader = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const readerPage = await reader.newPage();
  await readerPage.goto(url);
  await readerPage.getByRole('heading', { level: 1, name: 'The lake house' }).waitFor();
  await readerPage.getByText('By A. Virtanen').waitFor();
  expect(await readerPage.locator('body').innerText()).not.toContain('Aino Virtanen');

  // Published, the card names what the page shows; a name changed since is said, and Republish shows it.
  await card.getByText('Published as A. Virtanen').waitFor();
  await page.context().request.put(`${server.url}/api/auth/author-name`, { data: { authorName: '' }, headers: { origin: server.url } });
  await page.reload();
  await card.getByText('Published as A. Virtanen').waitFor();
  await card.getByText('Your name is now Aino Virtanen: republish to show it on the page.').waitFor();
  await card.scrollIntoViewIfNeeded();
  await shots.page(page, 'name-changed-en');
  await card.getByRole('button', { name: 'Republish' }).click();
  await card.getByText('Published as Aino Virtanen').waitFor();
  expect(await card.getByText(/Your name is now/).count()).toBe(0);
  await reader.close();
  await page.context().close();
});

it('Finnish: names the author name, changes it in place (Escape cancels), and the page shows the new one', async () => {
  const { page, story } = await authorWithStory('published-as-fi@example.com', 'fi', 'Mökki järven rannalla');
  await page.context().request.put(`${server.url}/api/auth/author-name`, { data: { authorName: 'Aino V.' }, headers: { origin: server.url } });
  await page.goto(`${server.url}/library/${story.id}`);
  const card = publishCard(page, 'Julkaise');
  await card.getByText('Julkaistaan nimellä Aino V.').waitFor();
  expect(await card.getByText(/koko nimesi/).count()).toBe(0);
  await card.scrollIntoViewIfNeeded();
  await shots.page(page, 'author-name-fi');

  // Escape with a typed name asks first (the name is guarded as in Settings); going on keeps it,
  // Discard leaves the name as it was.
  await card.getByRole('button', { name: 'Vaihda nimi' }).click();
  await card.getByLabel('Kirjoittajan nimi').fill('Joku muu');
  await card.getByLabel('Kirjoittajan nimi').press('Escape');
  const leave = page.getByRole('alertdialog', { name: 'Tallennetaanko muutokset?' });
  await leave.getByRole('button', { name: 'Jatka muokkausta' }).click();
  expect(await card.getByLabel('Kirjoittajan nimi').inputValue()).toBe('Joku muu');
  await card.getByLabel('Kirjoittajan nimi').press('Escape');
  await leave.getByRole('button', { name: 'Hylkää muutokset' }).click();
  await card.getByText('Julkaistaan nimellä Aino V.').waitFor();

  await card.getByRole('button', { name: 'Vaihda nimi' }).click();
  await card.getByLabel('Kirjoittajan nimi').fill('Aino Virtanen-Kirjoittaja');
  await card.scrollIntoViewIfNeeded();
  await shots.page(page, 'editing-fi');
  await card.getByRole('button', { name: 'Tallenna' }).click();
  await page.getByText('Kirjoittajan nimi tallennettu', { exact: true }).waitFor();
  await card.getByText('Julkaistaan nimellä Aino Virtanen-Kirjoittaja').waitFor();

  await card.getByRole('switch', { name: 'Äänikerronta' }).click();
  await card.getByRole('button', { name: 'Julkaise' }).click();
  const url = (await card.getByTestId('public-url').textContent())!;
  const reader = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fi-FI' });
  const readerPage = await reader.newPage();
  await readerPage.goto(url);
  await readerPage.getByRole('heading', { level: 1, name: 'Mökki järven rannalla' }).waitFor();
  await readerPage.getByText(/Aino Virtanen-Kirjoittaja/).waitFor();
  await reader.close();
  await page.context().close();
});
