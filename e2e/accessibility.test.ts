import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { type ExpectStatic, expect, it } from 'vitest';
import { FAMILY_COOKIE } from '../contract/family.ts';
import { people, recordingPeople, recordingPlaces, stories, storyComments, storyReactions } from '../server/db/schema.ts';
import { familyReader } from '../test/support/family.ts';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import type { FakeOpenAi } from '../test/fakes/openai-server.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// Every main screen, signed out and signed in, in English and Finnish at phone size (390 px):
// axe-core finds no serious or critical violation (contrast, names, labels...), each page has
// one `main` landmark, and no page scrolls sideways at 360 px. The user has content, so the
// screens show their lists and cards rather than their empty states.
const shots = screenshots('a11y', { fullPage: true });
/** A screen's name as a file name. */
const shotName = (screen: string) => screen.replace(/\W+/g, '-');

// axe-core from the project's devDependencies; AXE_PATH only for a checkout whose node_modules lacks it.
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(process.env.AXE_PATH ?? require.resolve('axe-core/axe.min.js'), 'utf8');

const LANGUAGES = ['en', 'fi'] as const;
type Language = (typeof LANGUAGES)[number];
const fi = (language: Language) => language === 'fi';

let fake: FakeOpenAi;
let server: TestApp;
let browser: Browser;

useBrowserApp({}, (app) => ({ server, browser, fake } = app));

interface Content {
  storyId: number;
  recordingId: number;
  personId: number;
  placeId: number;
  chapterId: number;
  slug: string;
  token: string;
}

/** A user's life in miniature: stories naming a person and a place, recordings in and outside a story, a chapter, a published story, a co-author link. */
async function seedContent(userId: string, language: Language): Promise<Content> {
  const seed = seeder(server.database.db, server.store);
  const fi = language === 'fi';
  const person = await seed.person(userId, 'Matti', 'father');
  const place = await seed.place(userId, fi ? 'Mökki Saimaalla' : 'The cottage by the lake', 'house');
  const chapter = await seed.chapter(userId, fi ? 'Lapsuus' : 'Childhood', { language });
  const story = await seed.story(userId, {
    title: fi ? 'Kesä järvellä' : 'A summer at the lake',
    content: fi ? 'Matti souti joka aamu järven yli Mökki Saimaalla.' : 'Matti rowed across the lake every morning at The cottage by the lake.',
    language,
    chapterId: chapter.id,
    chapterOrder: 0,
    year: 1969,
    metadata: { people: ['Matti'], locations: [place.name], dates: ['1969'], storyType: 'family' },
  });
  await seed.story(userId, { title: fi ? 'Ensimmäinen työpäivä' : 'My first day at work', language, year: 1995 });
  // Someone no story names yet: the interviewer asks about them. Finnish words run long.
  await seed.person(userId, fi ? 'Isoisänisä Juho-Kustaa' : 'Great-grandfather John', 'grandfather');
  const recording = await seed.recording(userId, { storyId: story.id, detectedLanguage: language });
  await seed.recording(userId, { transcription: fi ? 'Isä korjasi veneen.' : 'Father fixed the boat.' });
  await server.database.db.insert(recordingPeople).values({ recordingId: recording.id, personId: person.id });
  await server.database.db.insert(recordingPlaces).values({ recordingId: recording.id, placeId: place.id });
  await seed.followUpQuestion(userId, story.id, fi ? 'Mitä kalastitte, ja millaisia kalastusvälineitänne säilytettiin venevajassanne?' : 'What did you fish, and where did you keep the fishing gear?', { language });
  const slug = `summer-${language}-${userId.slice(0, 8)}`;
  await seed.publishedStory(userId, story.id, slug, { title: story.title, content: story.content });
  const token = await seed.coAuthorToken(userId, story.id);
  return { storyId: story.id, recordingId: recording.id, personId: person.id, placeId: place.id, chapterId: chapter.id, slug, token: token.token };
}

/** The signed-in main screens, by name and address. */
function signedInScreens(c: Content): [string, string][] {
  return [
    ['home', '/'],
    ['library', '/library'],
    ['story', `/library/${c.storyId}`],
    ['recording', `/library/${c.storyId}/recordings/${c.recordingId}`],
    ['recordings', '/library/recordings'],
    ['people', '/people'],
    ['person', `/people/${c.personId}`],
    ['places', '/people/places'],
    ['place', `/people/places/${c.placeId}`],
    ['interviewer', '/interviewer'],
    ['theme', '/interviewer/childhood'],
    ['timeline', '/timeline'],
    ['biography', '/collections'],
    ['chapter', `/collections/chapters/${c.chapterId}`],
    ['book-new', '/collections/books/new'],
    ['settings', '/settings'],
    ['delete-account', '/settings/delete-account'],
    ['family-circle', '/family-circle'],
    ['family-invite', '/family-circle/invite'],
    ['published', `/published/${c.slug}`],
    ['co-author', `/co-author/${c.token}`],
    ['diagnostics', '/debug-recording'],
  ];
}

interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Lets the page settle: its heading drawn, nothing loading, the network quiet (`expect`: the running test's own, as its tests run side by side). */
async function settle(page: Page, expect: ExpectStatic) {
  await page.locator('h1').first().waitFor(WAIT);
  await expect.poll(() => page.locator('[aria-busy="true"], [data-testid="splash"]').count(), WAIT).toBe(0);
  await page.waitForLoadState('networkidle', WAIT).catch(() => undefined);
  // Transitions and entrance animations end, so contrast is measured on the colours at rest
  // (a spinner or a caret's pulse never ends: not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** axe-core's serious and critical violations on the page as it is, and a missing or doubled `main`. */
async function audit(page: Page, screen: string): Promise<Finding[]> {
  // Evaluated rather than added as a script tag: the app's Content-Security-Policy refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
      resultTypes: ['violations'],
      // The visible label inside the accessible name is an experimental rule: asked for by name.
      rules: { 'label-content-name-mismatch': { enabled: true } },
    }),
  );
  const findings: Finding[] = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || violation.id === 'landmark-one-main')
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`),
    }));
  const mains = await page.locator('main, [role="main"]').count();
  if (mains !== 1) findings.push({ screen, rule: 'one-main', impact: 'serious', help: `one main landmark, found ${mains}`, nodes: [] });
  return findings;
}

interface AxeResults {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] }[];
}

/**
 * What sticks out of the page at 360 px, so that a phone would scroll it sideways: nothing,
 * or the innermost elements past the right edge (tag, classes and text), to be found.
 */
async function sidewaysAt360(page: Page, screen: string): Promise<string[]> {
  await page.setViewportSize({ width: 360, height: 800 });
  await shots.page(page, `360-${shotName(screen)}`);
  const wide = await page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const past = [...document.body.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > root.clientWidth + 0.5);
    const innermost = past.filter((element) => !past.some((other) => other !== element && element.contains(other)));
    return innermost.slice(0, 5).map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${element.textContent?.slice(0, 40)}"`);
  });
  await page.setViewportSize({ width: 390, height: 844 });
  return wide;
}

const readable = (findings: Finding[]) =>
  findings.map((f) => `${f.screen}: ${f.rule} (${f.impact}) ${f.help}\n${f.nodes.map((node) => `    ${node}`).join('\n')}`).join('\n');

async function check(page: Page, screen: string, findings: Finding[], wide: string[], expect: ExpectStatic) {
  await settle(page, expect);
  findings.push(...(await audit(page, screen)));
  const sticking = await sidewaysAt360(page, screen);
  if (sticking.length > 0) wide.push(`${screen}: ${sticking.join('; ')}`);
  await shots.page(page, shotName(screen));
}

// The two languages side by side: each has its own user, context and pages, and most of a
// screen's time is waiting for its network to go quiet (half a second at least), not work.
for (const language of LANGUAGES) {
  it.concurrent(`has no serious or critical accessibility violation and no sideways scroll on the main screens (${language})`, async ({ expect }) => {
    const findings: Finding[] = [];
    const wide: string[] = [];

    // Signed out: the landing page, and the sign-in page in both of its modes.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language === 'fi' ? 'fi-FI' : 'en-US' });
    const visitor = await context.newPage();
    // The browser's language is the visitor's first language.
    await visitor.goto(server.url);
    await check(visitor, `landing ${language}`, findings, wide, expect);
    await visitor.goto(`${server.url}/sign-in`);
    await check(visitor, `sign-in ${language}`, findings, wide, expect);
    await visitor.goto(`${server.url}/sign-in?mode=create`);
    await check(visitor, `create-account ${language}`, findings, wide, expect);
    await context.close();

    const { page, userId } = await signedInPage(browser, server, `a11y-${language}@example.com`, { language });
    const content = await seedContent(userId, language);
    for (const [screen, path] of signedInScreens(content)) {
      await page.goto(`${server.url}${path}`);
      await check(page, `${screen} ${language}`, findings, wide, expect);
    }

    // A relative reading the circle on their own phone: the reading view with its question card,
    // a story with its responses (a comment, a heart), their own settings.
    const reader = await familyReader(server, userId, { name: 'Liisa', language });
    await server.database.db.update(stories).set({ sharedWithFamilyAt: new Date() }).where(eq(stories.userId, userId));
    await server.database.db.insert(storyComments).values({ userId, storyId: content.storyId, memberId: reader.memberId, authorName: 'Liisa', body: fi(language) ? 'Muistan sen kesän.' : 'I remember that summer.' });
    await server.database.db.insert(storyReactions).values({ storyId: content.storyId, memberId: reader.memberId, reaction: 'heart' });
    const readerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: language === 'fi' ? 'fi-FI' : 'en-US' });
    await readerContext.addCookies([{ name: FAMILY_COOKIE, value: encodeURIComponent(server.app.signCookie(reader.token)), url: server.url }]);
    const readerPage = await readerContext.newPage();
    for (const [screen, path] of [['family-reading', '/family'], ['family-story', `/family/stories/${content.storyId}`], ['family-settings', '/family/settings']]) {
      await readerPage.goto(`${server.url}${path}`);
      await check(readerPage, `${screen} ${language}`, findings, wide, expect);
    }
    await readerContext.close();

    expect({ violations: readable(findings), widerThan360: wide }).toEqual({ violations: '', widerThan360: [] });
    // Thirty-one screens, each settled, audited and measured at 360 px, beside the other
    // language's run: about 95 s alone on a 2-core machine, more side by side.
  }, 240_000);
}

it('shows a relationship in the interface language on the people list, the person page and a story name', async () => {
  const { page, userId } = await signedInPage(browser, server, 'relationship-fi@example.com', { language: 'fi' });
  const content = await seedContent(userId, 'fi');
  await page.goto(`${server.url}/people`);
  await page.getByRole('link', { name: /Matti\s*Isä/ }).waitFor();
  await page.goto(`${server.url}/people/${content.personId}`);
  await page.getByRole('heading', { name: 'Matti', level: 1 }).waitFor();
  await page.getByText('Isä', { exact: true }).waitFor();
  await page.goto(`${server.url}/library/${content.storyId}`);
  await page.getByRole('button', { name: 'Matti' }).first().click();
  await page.getByRole('dialog', { name: 'Matti' }).getByText('Isä', { exact: true }).waitFor();
  expect(await page.getByText('father', { exact: true }).count()).toBe(0);
  // Stored as it was chosen: only its showing is translated.
  const [row] = await server.database.db.select({ relationship: people.relationship }).from(people).where(eq(people.id, content.personId));
  expect(row.relationship).toBe('father');
});
