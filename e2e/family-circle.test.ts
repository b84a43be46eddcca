import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { screenshots } from './support/screenshots.ts';
import { expect, it } from 'vitest';
import { familyMemberChapters, familyMembers, stories, users } from '../server/db/schema.ts';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import en from '../client/src/i18n/locales/en/familyCircle.json' with { type: 'json' };
import fi from '../client/src/i18n/locales/fi/familyCircle.json' with { type: 'json' };
import enCommon from '../client/src/i18n/locales/en/common.json' with { type: 'json' };
import fiCommon from '../client/src/i18n/locales/fi/common.json' with { type: 'json' };
import enErrors from '../client/src/i18n/locales/en/errors.json' with { type: 'json' };
import fiErrors from '../client/src/i18n/locales/fi/errors.json' with { type: 'json' };
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';
import { useBrowserApp } from './support/browser-app.ts';

// The storyteller's side of the family circle (issue 28) at phone size, in English and
// Finnish: the Family page from Settings and the main menu; a relative invited by a link to
// hand over (the link shown once, copied) and by e-mail; what one sees changed; one removed
// after the question; the "review first" switch; Back at every step, and a typed invitation
// guarded like every editor (decision 032). On the story page: "Only me" (the real server)
// with its mark in the library, and "Share with family".
//
// Every call meets the real server.

let server: TestApp;
let browser: Browser;

// No session cache: an address proven in the database mid-test counts at the next request.
useBrowserApp({ engines: 'none', env: { SESSION_CACHE_SECONDS: '0' } }, (app) => ({ server, browser } = app));

const db = () => server.database.db;
const shots = screenshots('family-circle', { fullPage: true });
const shot = (page: Page, name: string) => shots.page(page, name);

const WORDS = {
  en: { circle: en, common: enCommon, errors: enErrors },
  fi: { circle: fi, common: fiCommon, errors: fiErrors },
};
type Language = keyof typeof WORDS;

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** Every family call the page sends (the circle's routes and share-with-family), with its body. */
function recordFamilyCalls(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith('/api/family/') && !path.endsWith('/share-with-family')) return;
    sent.push({ method: request.method(), path, body: request.postData() ? request.postDataJSON() : null });
  });
  return sent;
}

const memberCard = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

it.each<Language>(['en', 'fi'])('invites by link and by e-mail, changes what one sees, removes one after asking, with Back at every step (%s)', async (language) => {
  const { circle: w, common, errors } = WORDS[language];
  const { page, userId } = await signedInPage(browser, server, `family-${language}@example.com`, { language });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  // A phone's share sheet, standing in for the one headless Chromium lacks: what it was given is kept.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: async (data: ShareData) => ((window as unknown as { shared: ShareData }).shared = data) });
  });
  const seed = seeder(db());
  const childhood = await seed.chapter(userId, language === 'fi' ? 'Lapsuus' : 'Childhood');
  await seed.chapter(userId, language === 'fi' ? 'Työvuodet' : 'Working years');
  const sent = recordFamilyCalls(page);
  const writes = () => sent.filter((call) => call.method !== 'GET');

  // From Settings: its card opens the Family page, and Back returns to Settings.
  await page.goto(`${server.url}/settings`);
  await page.getByRole('link', { name: w.settingsCard.open }).click();
  await page.waitForURL(/\/family-circle$/, WAIT);
  await page.getByText(w.members.empty).waitFor(WAIT);
  await shot(page, `${language}-empty`);
  await page.getByRole('button', { name: common.actions.back }).click();
  await page.waitForURL(/\/settings$/, WAIT);

  await page.getByRole('link', { name: w.settingsCard.open }).click();
  await page.waitForURL(/\/family-circle$/, WAIT);

  // Nothing typed: Back leaves the invitation without a question.
  await page.getByRole('link', { name: w.invite.open }).click();
  await page.waitForURL(/\/family-circle\/invite$/, WAIT);
  await page.goBack();
  await page.waitForURL(/\/family-circle$/, WAIT);

  // By a link to hand over: a name, Finnish, one chosen chapter. Back asks once a name is typed; Stay keeps it.
  await page.getByRole('link', { name: w.invite.open }).click();
  await page.getByRole('radio', { name: new RegExp(`^${w.invite.byLink}`) }).check();
  await page.getByLabel(w.invite.name).fill('Aino');
  await page.getByRole('radio', { name: w.languages.fi }).check();
  await page.getByRole('radio', { name: new RegExp(`^${w.scope.chapters}`) }).check();
  await page.getByRole('checkbox', { name: childhood.title }).check();
  await shot(page, `${language}-invite-link-form`);
  await page.goBack();
  const leave = page.getByRole('alertdialog', { name: common.editor.leave.title });
  await leave.waitFor(WAIT);
  await leave.getByRole('button', { name: common.editor.leave.stay }).click();
  await leave.waitFor({ state: 'hidden', ...WAIT });
  expect(page.url()).toMatch(/\/family-circle\/invite$/);
  expect(await page.getByLabel(w.invite.name).inputValue()).toBe('Aino');
  expect(writes()).toEqual([]);

  await page.getByRole('button', { name: w.invite.getLink }).click();
  const shown = page.getByRole('status').filter({ hasText: w.link.once });
  await shown.waitFor(WAIT);
  expect(writes()).toEqual([
    { method: 'POST', path: '/api/family/invitations', body: { name: 'Aino', language: 'fi', scope: { chapterIds: [childhood.id] } } },
  ]);
  const [ainoRow] = await db().select().from(familyMembers).where(eq(familyMembers.userId, userId));
  expect(ainoRow).toMatchObject({ name: 'Aino', email: null, language: 'fi', scopeAll: false, joinedAt: null });
  expect(await db().select({ chapterId: familyMemberChapters.chapterId }).from(familyMemberChapters).where(eq(familyMemberChapters.memberId, ainoRow.id))).toEqual([
    { chapterId: childhood.id },
  ]);
  const link = (await shown.getByLabel(w.link.fieldLabel).textContent()) ?? '';
  expect(link).toMatch(new RegExp(`^${server.url}/family/join/[\\w-]{20,}$`));
  await shown.getByRole('button', { name: w.link.copy }).click();
  await page.getByText(w.link.copied, { exact: true }).first().waitFor(WAIT);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await shown.getByRole('button', { name: w.link.share, exact: true }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared?.url), WAIT).toBe(link);
  await shot(page, `${language}-link-shown`);

  // Back from the shown link: the Family page, with Aino invited to see that chapter.
  await page.getByRole('button', { name: common.actions.back }).click();
  await page.waitForURL(/\/family-circle$/, WAIT);
  const aino = memberCard(page, 'Aino');
  await aino.getByText(w.members.state.invited, { exact: true }).waitFor(WAIT);
  await aino.getByText(w.members.seesChapters.replace('{{chapters}}', childhood.title)).waitFor(WAIT);

  // By e-mail: typed, then Back and Discard: nothing is sent and the form is empty next time.
  await page.getByRole('link', { name: w.invite.open }).click();
  await page.getByLabel(w.invite.email).fill('eero@example.com');
  await page.getByRole('button', { name: common.actions.back }).click();
  await leave.waitFor(WAIT);
  await leave.getByRole('button', { name: common.editor.leave.discard }).click();
  await page.waitForURL(/\/family-circle$/, WAIT);
  expect(writes()).toHaveLength(1);
  await page.getByRole('link', { name: w.invite.open }).click();
  expect(await page.getByLabel(w.invite.email).inputValue()).toBe('');

  // Without an address the form says so and sends nothing; then sent, everything to see.
  await page.getByLabel(w.invite.name).fill('Eero');
  await page.getByRole('button', { name: w.invite.send }).click();
  await page.getByText(w.invite.emailMissing).waitFor(WAIT);
  expect(writes()).toHaveLength(1);
  // An owner whose own address is not proven yet cannot have Saaga e-mail anyone: the form says so and keeps what was typed.
  await page.getByLabel(w.invite.email).fill('eero@example.com');
  await page.getByRole('button', { name: w.invite.send }).click();
  await page.getByRole('alert').filter({ hasText: errors.codes.email_not_verified }).waitFor(WAIT);
  expect(await page.getByLabel(w.invite.email).inputValue()).toBe('eero@example.com');
  expect(await db().select().from(familyMembers).where(eq(familyMembers.email, 'eero@example.com'))).toEqual([]);
  await shot(page, `${language}-email-not-verified`);
  await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
  await page.getByRole('button', { name: w.invite.send }).click();
  await page.getByText(w.link.emailed.replace('{{email}}', 'eero@example.com')).waitFor(WAIT);
  expect(writes().at(-1)).toEqual({
    method: 'POST',
    path: '/api/family/invitations',
    body: { email: 'eero@example.com', name: 'Eero', language, scope: { all: true } },
  });
  await shot(page, `${language}-emailed`);
  await page.goBack();
  await page.waitForURL(/\/family-circle$/, WAIT);
  const eero = memberCard(page, 'Eero');
  await eero.getByText('eero@example.com').waitFor(WAIT);
  await eero.getByText(w.members.seesAll, { exact: true }).waitFor(WAIT);

  // Aino sees everything from now on.
  await aino.getByRole('button', { name: w.members.changeScope }).click();
  await aino.getByRole('radio', { name: new RegExp(`^${w.scope.all}`) }).check();
  await aino.getByRole('button', { name: common.actions.save }).click();
  await aino.getByText(w.members.seesAll, { exact: true }).waitFor(WAIT);
  expect(writes().at(-1)).toEqual({ method: 'PATCH', path: `/api/family/members/${ainoRow.id}`, body: { scope: { all: true } } });
  expect((await db().select({ scopeAll: familyMembers.scopeAll }).from(familyMembers).where(eq(familyMembers.id, ainoRow.id)))[0].scopeAll).toBe(true);

  // A new link for Aino, shown once in her card.
  await aino.getByRole('button', { name: w.members.newLink }).click();
  await aino.getByText(w.link.once).waitFor(WAIT);
  expect(writes().at(-1)?.path).toMatch(/^\/api\/family\/members\/\d+\/link$/);

  // Removing Eero asks first: Cancel keeps him; Remove takes him out at once.
  const ask = page.getByRole('alertdialog', { name: w.members.removeTitle.replace('{{name}}', 'Eero') });
  await eero.getByRole('button', { name: w.members.remove }).click();
  await ask.waitFor(WAIT);
  await shot(page, `${language}-remove-asks`);
  await ask.getByRole('button', { name: common.actions.cancel }).click();
  await ask.waitFor({ state: 'hidden', ...WAIT });
  expect(writes().filter((call) => call.method === 'DELETE')).toEqual([]);
  await eero.getByRole('button', { name: w.members.remove }).click();
  await ask.getByRole('button', { name: w.members.removeConfirm }).click();
  await eero.waitFor({ state: 'detached', ...WAIT });
  expect((await db().select({ name: familyMembers.name }).from(familyMembers).where(eq(familyMembers.userId, userId))).map((row) => row.name)).toEqual(['Aino']);
  await memberCard(page, 'Aino').waitFor(WAIT);

  // Review new stories first.
  const reviewFirst = page.getByRole('switch', { name: w.reviewFirst.label });
  expect(await reviewFirst.getAttribute('aria-checked')).toBe('false');
  await reviewFirst.click();
  await expect.poll(() => reviewFirst.getAttribute('aria-checked'), WAIT).toBe('true');
  expect(writes().at(-1)).toEqual({ method: 'PATCH', path: '/api/family/settings', body: { reviewFirst: true } });
  // The switch turns at once; the saved value follows the request's answer.
  await expect
    .poll(async () => (await db().select({ reviewFirst: users.familyReviewFirst }).from(users).where(eq(users.id, userId)))[0].reviewFirst, WAIT)
    .toBe(true);
  await page.reload();
  await expect.poll(() => page.getByRole('switch', { name: w.reviewFirst.label }).getAttribute('aria-checked'), WAIT).toBe('true');
  await shot(page, `${language}-members`);
  // On a desktop too.
  await page.setViewportSize({ width: 1280, height: 900 });
  await memberCard(page, 'Aino').waitFor(WAIT);
  await shot(page, `${language}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });

  // Back from the Family page reached from the menu: home.
  await page.getByRole('button', { name: common.actions.back }).click();
  await page.waitForURL(`${server.url}/`, WAIT);
});

it.each<Language>(['en', 'fi'])('marks a story "Only me" (its mark in the library) and shares a reviewed story with the family (%s)', async (language) => {
  const { circle: w } = WORDS[language];
  const { page, userId } = await signedInPage(browser, server, `only-me-${language}@example.com`, { language });
  const seed = seeder(db());
  const story = await seed.story(userId, { title: language === 'fi' ? 'Kesä järvellä' : 'A summer at the lake', sharedWithFamilyAt: null });
  // The owner reviews new stories first: this one waits for them.
  await db().update(users).set({ familyReviewFirst: true }).where(eq(users.id, userId));
  const sent = recordFamilyCalls(page);

  await page.goto(`${server.url}/library/${story.id}`);
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: w.story.title, exact: true }) });
  const onlyMe = card.getByRole('switch', { name: w.story.onlyMe });
  await onlyMe.waitFor(WAIT);
  await card.getByText(w.story.onlyMeHint).waitFor(WAIT);
  await card.getByText(w.story.waiting).waitFor(WAIT);
  await card.scrollIntoViewIfNeeded();
  await shot(page, `${language}-story-waiting`);

  // Shared with the family: the story says since when, the button is gone.
  await card.getByRole('button', { name: w.story.share }).click();
  await card.getByText(new RegExp(w.story.shared.split('{{date}}')[0])).waitFor(WAIT);
  expect(sent.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`/api/stories/${story.id}/share-with-family`]);
  expect((await db().select({ at: stories.sharedWithFamilyAt }).from(stories).where(eq(stories.id, story.id)))[0].at).not.toBeNull();
  expect(await card.getByRole('button', { name: w.story.share }).count()).toBe(0);

  // Only me: stored by the real server, and marked on the library row.
  await onlyMe.click();
  await expect
    .poll(async () => (await db().select({ onlyMe: stories.onlyMe }).from(stories).where(eq(stories.id, story.id)))[0].onlyMe, WAIT)
    .toBe(true);
  expect(await onlyMe.getAttribute('aria-checked')).toBe('true');
  await shot(page, `${language}-story-only-me`);
  await page.goto(`${server.url}/library`);
  const row = page.getByRole('listitem').filter({ hasText: story.title });
  await row.getByText(w.libraryMark, { exact: true }).waitFor(WAIT);
  await shot(page, `${language}-library-mark`);

  // Back on the story, switched off: stored, and the mark goes.
  await row.getByRole('link').click();
  await page.waitForURL(new RegExp(`/library/${story.id}$`), WAIT);
  await page.getByRole('switch', { name: w.story.onlyMe }).click();
  await expect
    .poll(async () => (await db().select({ onlyMe: stories.onlyMe }).from(stories).where(eq(stories.id, story.id)))[0].onlyMe, WAIT)
    .toBe(false);
  await page.goBack();
  await page.waitForURL(/\/library$/, WAIT);
  await page.getByRole('listitem').filter({ hasText: story.title }).waitFor(WAIT);
  await expect.poll(() => page.getByRole('listitem').filter({ hasText: story.title }).getByText(w.libraryMark, { exact: true }).count(), WAIT).toBe(0);
});
