import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { expect, it } from 'vitest';
import { people, recordingPeople, recordings } from '../server/db/schema.ts';
import { seeder } from '../test/support/seed.ts';
import { CLIPS, clipTranscript } from '../test/support/shared-files.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { signedInPage } from './support/signed-in.ts';
import { BACKGROUND, WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// People & Places at phone size: names found in stories become people and places, are
// linked to existing ones or hidden; a person is edited and deleted; a recording about a
// place is made with the fake microphone and listed. Once in Finnish.

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;

useBrowserApp({ microphone: CLIPS.jfk, noFakeErrors: true }, (app) => {
  ({ server, browser, fake } = app);
  fake.setTranscript(clipTranscript(CLIPS.jfk));
  fake.setChatReply({ title: 'Ask Not', content: 'Ask what you can do.', people: [], locations: [], dates: [], storyType: 'other' });
});

const signedIn = (email: string, language: 'en' | 'fi' = 'en') => signedInPage(browser, server, email, { language, microphone: true });

const shots = screenshots('people', { fullPage: true });

/** A story whose metadata names these people and places. */
async function storyMentioning(userId: string, names: { people?: string[]; locations?: string[] }) {
  await seeder(server.database.db).story(userId, {
    metadata: { people: names.people ?? [], locations: names.locations ?? [], dates: [], storyType: 'family' },
  });
}

it('names in stories become people, are hidden and restored, and a person is edited and deleted', async () => {
  const { page, userId } = await signedIn('people@example.com');
  await storyMentioning(userId, { people: ['Anna', 'Annan', 'Matti'] });
  await page.goto(`${server.url}/people`);

  await page.getByRole('heading', { name: 'Names in your stories' }).waitFor();
  await page.getByText('No people yet').waitFor();
  const anna = page.getByRole('listitem', { name: 'Names: Anna, Annan' });
  await anna.waitFor();
  await shots.page(page, 'unlinked-en');

  // Create from the label: the modal comes filled in with the name.
  await anna.getByRole('button', { name: 'Create' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add person' });
  expect(await dialog.getByLabel('Name').inputValue()).toBe('Anna');
  await dialog.getByLabel('Relationship').selectOption('aunt');
  await dialog.getByLabel('Characterization').fill('Loved the lake.');
  await shots.page(page, 'add-person-en');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Person created').first().waitFor();
  await page.getByRole('heading', { name: '1 person' }).waitFor();
  await page.getByRole('link', { name: /Anna\s*Aunt/ }).waitFor();
  // The whole group went to her: no "Annan" left behind.
  await expect.poll(() => page.getByRole('listitem', { name: /Names: .*Anna/ }).count(), WAIT).toBe(0);

  // Hide a label, then show it again from Hidden Tags.
  const matti = page.getByRole('listitem', { name: 'Names: Matti' });
  await matti.getByRole('button', { name: 'Hide' }).click();
  await expect.poll(() => matti.count(), WAIT).toBe(0);
  await page.getByRole('button', { name: 'Hidden Tags (1)' }).click();
  await shots.page(page, 'hidden-en');
  expect(await page.evaluate(() => localStorage.getItem('hiddenPeopleLabels'))).toBe('["Matti"]');
  await page.getByRole('button', { name: 'Show Matti again' }).click();
  await matti.waitFor();
  await page.getByText('Label shown').first().waitFor();

  // Edit on the detail page, then delete there.
  await page.getByRole('link', { name: /Anna\s*Aunt/ }).click();
  await page.waitForURL(/\/people\/\d+$/);
  await page.getByRole('heading', { name: 'Anna', level: 1 }).waitFor();
  await page.getByText('Loved the lake.').waitFor();
  await page.getByRole('link', { name: 'People & Places' }).waitFor();
  await shots.page(page, 'person-detail-en');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Name').fill('Anna Virtanen');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('heading', { name: 'Anna Virtanen', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete "Anna Virtanen"?' });
  await confirm.waitFor();
  await confirm.getByRole('button', { name: 'Delete person' }).click();
  await page.waitForURL(/\/people$/);
  await page.getByText('Person deleted').first().waitFor();
  await page.getByText('No people yet').waitFor();
  expect(await server.database.db.select().from(people).where(eq(people.userId, userId))).toEqual([]);

  // A person who is not there (deleted, or someone else's): said so, with the way back.
  await page.goto(`${server.url}/people/999999`);
  await page.getByRole('heading', { name: 'Person not found' }).waitFor();
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL(/\/people$/);
});

it('a place label is linked to an existing place, and a recording about the place is listed', async () => {
  const { page, userId } = await signedIn('places@example.com');
  const cottage = await seeder(server.database.db).place(userId, "Grandma's cottage", 'house');
  await storyMentioning(userId, { locations: ['Lakeside cabin'] });
  await page.goto(`${server.url}/people`);
  await page.getByRole('tab', { name: 'Places' }).click();
  await page.waitForURL(/\/people\/places$/);
  await page.getByRole('heading', { name: '1 place' }).waitFor();
  const cabin = page.getByRole('listitem', { name: 'Names: Lakeside cabin' });
  await cabin.getByRole('button', { name: 'Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link labels to place' });
  await dialog.getByLabel('Place', { exact: true }).selectOption(String(cottage.id));
  await shots.page(page, 'link-place-en');
  await dialog.getByRole('button', { name: 'Link' }).click();
  await page.getByText('Labels linked successfully').first().waitFor();
  await expect.poll(() => cabin.count(), WAIT).toBe(0);

  await page.getByRole('link', { name: /Grandma's cottage/ }).click();
  await page.waitForURL(new RegExp(`/people/places/${cottage.id}$`));
  await page.getByText('Lakeside cabin').waitFor();
  await page.getByText('No recordings about this place yet.').waitFor();
  // Cancel throws the take away before anything is sent: no recording, the empty state again.
  await page.getByRole('button', { name: 'Add recording' }).click();
  const timer = page.getByLabel('Recording time');
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/0:0[1-9]/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog', { name: 'Discard this recording?' }).getByRole('button', { name: 'Discard the recording' }).click();
  await page.getByText('No recordings about this place yet.').waitFor();
  expect(await server.database.db.select().from(recordings).where(eq(recordings.userId, userId))).toEqual([]);

  await page.getByRole('button', { name: 'Add recording' }).click();
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/0:0[3-9]/);
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByText('Paused', { exact: true }).waitFor();
  await shots.page(page, 'recorder-en');
  await page.getByRole('button', { name: 'Resume' }).click();
  await page.getByRole('button', { name: 'Stop and save' }).click();
  await page.getByText('Recording added').first().waitFor({ timeout: 15_000 });
  const [upload] = await server.database.db.select().from(recordings).where(eq(recordings.userId, userId));
  // A 16 kHz, 16-bit mono WAV: 32,000 bytes a second plus its header.
  expect(upload).toMatchObject({ mimeType: 'audio/wav' });
  expect(upload.duration).toBeGreaterThan(2.5);
  expect(Math.abs(upload.sizeBytes - 44 - upload.duration! * 32_000)).toBeLessThan(0.05 * upload.sizeBytes);
  await page.getByRole('link', { name: /ask not what your country/i }).first().waitFor(BACKGROUND);
  await shots.page(page, 'place-detail-en');
  // Playable where it is listed: the WAV plays in the browser.
  await page.getByRole('button', { name: 'Play' }).click();
  await page.getByRole('button', { name: 'Pause' }).waitFor();

  // Gathered information, written in Finnish here: its headings follow the values' language.
  fake.setChatReply({
    atmosphere: 'Juhlava ja vakava tunnelma.',
    activities: ['Puheen kuunteleminen'],
    physicalFeatures: null,
    emotionalConnection: null,
    memories: [],
    culturalSignificance: null,
    timeContext: null,
  });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.getByText('Information refreshed').first().waitFor(BACKGROUND);
  await page.getByText('Juhlava ja vakava tunnelma.').waitFor();
  await page.getByText('Tunnelma', { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true);
  await shots.page(page, 'place-enriched-en');

  // A refresh that fails says so, and keeps what was gathered before.
  fake.fail('chat', 401, 'invalid_api_key', { matches: (request) => request.json?.response_format?.json_schema?.name === 'place_enrichment' });
  await page.getByRole('button', { name: 'Refresh' }).click();
  await page.getByText('Failed to refresh information.').first().waitFor(BACKGROUND);
  await page.getByText('The last refresh did not finish').waitFor();
  await page.getByText('Juhlava ja vakava tunnelma.').waitFor();
  await shots.page(page, 'place-refresh-failed-en');
});

// Two pairs of tests run side by side, each test with its own user, page and `expect`; the
// tests that set the fake's answers run alone, where they stood, so each test meets the fake
// as it did before.
it.concurrent("leaving a person's page during a recording asks first, and a kept take is saved with them", async ({ expect }) => {
  const { page, userId } = await signedIn('leave-person@example.com');
  const eino = await seeder(server.database.db).person(userId, 'Eino', 'grandfather');
  await page.goto(`${server.url}/people`);
  await page.getByRole('link', { name: /Eino/ }).click();
  await page.waitForURL(new RegExp(`/people/${eino.id}$`));
  await page.getByRole('button', { name: 'Add recording' }).click();
  const timer = page.getByLabel('Recording time');
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/0:0[2-9]/);

  // The browser's Back: the take is paused and the person asked; staying goes on recording.
  await page.goBack();
  const question = page.getByRole('alertdialog', { name: 'Keep this recording?' });
  await question.waitFor();
  await shots.page(page, 'leave-question-en');
  expect(page.url()).toMatch(new RegExp(`/people/${eino.id}$`));
  await question.getByRole('button', { name: 'Go on recording' }).click();
  await page.getByRole('button', { name: 'Pause' }).waitFor();

  // The header's back link asks the same; saving keeps the take with Eino, then leaves.
  await page.getByRole('link', { name: 'People & Places' }).click();
  await question.getByRole('button', { name: 'Save the recording' }).click();
  await page.waitForURL(/\/people$/, { timeout: 15_000 });
  const saved = await server.database.db.select({ id: recordings.id }).from(recordings).where(eq(recordings.userId, userId));
  expect(saved).toHaveLength(1);
  const links = await server.database.db.select().from(recordingPeople).where(eq(recordingPeople.recordingId, saved[0].id));
  expect(links).toEqual([expect.objectContaining({ personId: eino.id })]);

  // An upload that does not get through leaves the take here, to send again.
  await page.getByRole('link', { name: /Eino/ }).click();
  await page.route('**/api/people/*/recordings', (route) => (route.request().method() === 'POST' ? route.abort('connectionfailed') : route.fallback()));
  await page.getByRole('button', { name: 'Add recording' }).click();
  await expect.poll(() => timer.textContent(), { timeout: 15_000 }).toMatch(/0:0[2-9]/);
  await page.getByRole('button', { name: 'Stop and save' }).click();
  await page.getByRole('alert').filter({ hasText: 'The recording was not saved.' }).waitFor({ timeout: 15_000 });
  await shots.page(page, 'not-sent-en');
  await page.unroute('**/api/people/*/recordings');
  await page.getByRole('button', { name: 'Send again' }).click();
  await page.getByText('Recording added').first().waitFor({ timeout: 15_000 });
  await expect.poll(async () => (await server.database.db.select().from(recordingPeople).where(eq(recordingPeople.personId, eino.id))).length, WAIT).toBe(2);
});

it.concurrent('a name in a story opens its place, and a name with no record is added as a person from there', async ({ expect }) => {
  const { page, userId } = await signedIn('story-names@example.com');
  const oulu = await seeder(server.database.db).place(userId, 'Oulu', 'city');
  const story = await seeder(server.database.db).story(userId, {
    content: 'Veikko rowed all the way to Oulu.',
    metadata: { people: ['Veikko'], locations: ['Oulu'], dates: [], storyType: 'travel' },
  });
  await page.goto(`${server.url}/library/${story.id}`);
  await page.getByRole('button', { name: 'Veikko', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Veikko' }).getByRole('button', { name: 'Add as person' }).click();
  const add = page.getByRole('dialog', { name: 'Add person' });
  expect(await add.getByLabel('Name').inputValue()).toBe('Veikko');
  await add.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Person created').first().waitFor();

  await page.getByRole('button', { name: 'Oulu', exact: true }).first().click();
  await page.getByRole('dialog', { name: 'Oulu' }).getByRole('link', { name: 'Open details' }).click();
  await page.waitForURL(new RegExp(`/people/places/${oulu.id}$`));
  await page.getByRole('heading', { name: /Oulu/, level: 1 }).waitFor();
  await page.getByRole('link', { name: 'People & Places' }).click();
  await page.waitForURL(/\/people\/places$/);
  // The tabs also move with the arrow keys.
  await page.getByRole('tab', { name: 'Places' }).focus();
  await page.keyboard.press('ArrowLeft');
  await page.waitForURL(/\/people$/);
  expect(await page.getByRole('tab', { name: 'People' }).evaluate((tab) => tab === document.activeElement)).toBe(true);
  await page.getByRole('link', { name: /Veikko/ }).waitFor();
});

it('in Finnish: the screen, its counts and a new person read in Finnish', async () => {
  const { page, userId } = await signedIn('ihmiset@example.com', 'fi');
  await storyMentioning(userId, { people: ['Liisa'] });
  await page.goto(`${server.url}/people`);
  await page.getByRole('heading', { name: 'Ihmiset ja paikat' }).waitFor();
  await page.getByText('Ei vielä ihmisiä').waitFor();
  await page.getByRole('listitem', { name: 'Nimet: Liisa' }).getByRole('button', { name: 'Luo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lisää henkilö' });
  await dialog.getByLabel('Suhde').selectOption('friend');
  await dialog.getByRole('button', { name: 'Tallenna' }).click();
  await page.getByText('Henkilö luotu').first().waitFor();
  await page.getByRole('heading', { name: '1 henkilö' }).waitFor();
  await page.getByRole('link', { name: /Liisa\s*Ystävä/ }).waitFor();
  // The story that names her counts as a mention.
  await page.getByText(/Mainittu viimeksi .* · 1 maininta$/).waitFor();
  await shots.page(page, 'list-fi');

  await page.getByRole('link', { name: /Liisa\s*Ystävä/ }).click();
  await page.getByRole('heading', { name: 'Liisa', level: 1 }).waitFor();
  await page.getByText('Tästä henkilöstä ei ole vielä nauhoituksia.').waitFor();
  // The story that names her is enough to gather from.
  fake.setChatReply({ values: [], interests: [], personality: 'Iloinen ja avulias.', relationshipDynamics: null, background: null, physicalDescription: null, notableQuotes: [] });
  await page.getByRole('button', { name: 'Päivitä' }).click();
  await page.getByText('Tiedot päivitetty').first().waitFor(BACKGROUND);
  await page.getByText('Iloinen ja avulias.').waitFor();
  await page.getByText('Luonne', { exact: true }).waitFor();
  await shots.page(page, 'detail-fi');
  await page.getByRole('button', { name: 'Muokkaa' }).click();
  expect(await page.getByLabel('Suhde').inputValue()).toBe('friend');
  await shots.page(page, 'edit-fi');
  await page.getByRole('button', { name: 'Peruuta' }).click();
  await page.getByRole('button', { name: 'Muokkaa' }).waitFor();
});

it.concurrent("a person's page lists the stories that mention them, ten at a time, and a story opened there goes back to them", async ({ expect }) => {
  const { page, userId } = await signedIn('stories-of@example.com');
  const seed = seeder(server.database.db);
  const person = await seed.person(userId, 'Helmi', 'grandmother');
  for (let n = 1; n <= 12; n++) {
    await seed.story(userId, {
      title: `Helmi's story ${String(n).padStart(2, '0')}`,
      createdAt: new Date(Date.UTC(2020, 0, n)),
      metadata: { people: ['Helmi'], locations: [], dates: [], storyType: 'family' },
    });
  }
  await seed.story(userId, { title: 'About someone else', metadata: { people: ['Aino'], locations: [], dates: [], storyType: 'family' } });

  await page.goto(`${server.url}/people/${person.id}`);
  await page.getByRole('heading', { name: 'Stories', level: 2 }).waitFor();
  const stories = page.getByRole('link', { name: /^Helmi's story/ });
  await expect.poll(() => stories.count(), WAIT).toBe(10);
  expect(await stories.first().textContent()).toContain("Helmi's story 12");
  expect(await page.getByRole('link', { name: /About someone else/ }).count()).toBe(0);
  await shots.page(page, 'person-stories-en');
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => stories.count(), WAIT).toBe(12);
  expect(await page.getByRole('button', { name: 'Show more' }).count()).toBe(0);

  // Opened from her page, the story's Back returns to her, and so does the browser's.
  await page.getByRole('link', { name: /^Helmi's story 01/ }).click();
  await page.waitForURL(/\/library\/\d+$/);
  await page.getByRole('heading', { name: "Helmi's story 01", level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL(new RegExp(`/people/${person.id}$`));
  await page.getByRole('heading', { name: 'Helmi', level: 1 }).waitFor();
  await page.getByRole('link', { name: /^Helmi's story 12/ }).click();
  await page.waitForURL(/\/library\/\d+$/);
  await page.goBack();
  await page.waitForURL(new RegExp(`/people/${person.id}$`));
});

it.concurrent("in Finnish: a place's page lists the stories that mention it, and a story opened there goes back to it", async ({ expect }) => {
  const { page, userId } = await signedIn('paikan-tarinat@example.com', 'fi');
  const seed = seeder(server.database.db);
  const place = await seed.place(userId, 'Mökki', 'house');
  for (let n = 1; n <= 11; n++) {
    await seed.story(userId, {
      title: `Mökkikesä ${String(n).padStart(2, '0')}`,
      createdAt: new Date(Date.UTC(2021, 5, n)),
      metadata: { people: [], locations: ['Mökki'], dates: [], storyType: 'family' },
    });
  }
  await seed.story(userId, { title: 'Kaupungissa', metadata: { people: [], locations: ['Helsinki'], dates: [], storyType: 'family' } });

  await page.goto(`${server.url}/people/places/${place.id}`);
  await page.getByRole('heading', { name: 'Tarinat', level: 2 }).waitFor();
  // The place's type in the interface language, as a relationship is.
  await page.getByText('Talo', { exact: true }).first().waitFor();
  const stories = page.getByRole('link', { name: /^Mökkikesä/ });
  await expect.poll(() => stories.count(), WAIT).toBe(10);
  expect(await page.getByRole('link', { name: /Kaupungissa/ }).count()).toBe(0);
  await shots.page(page, 'place-stories-fi');
  await page.getByRole('button', { name: 'Näytä lisää' }).click();
  await expect.poll(() => stories.count(), WAIT).toBe(11);

  await page.getByRole('link', { name: /^Mökkikesä 01/ }).click();
  await page.waitForURL(/\/library\/\d+$/);
  await page.getByRole('heading', { name: 'Mökkikesä 01', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Takaisin' }).click();
  await page.waitForURL(new RegExp(`/people/places/${place.id}$`));
  await page.getByRole('heading', { name: 'Mökki', level: 1 }).waitFor();
});
