import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { screenshots } from './support/screenshots.ts';
import { expect, it } from 'vitest';
import { users } from '../server/db/schema.ts';
import { runWeeklyTick } from '../server/family/mail/weekly-tick.ts';
import { latestWeeklySlot } from '../server/family/mail/weekly-slot.ts';
import { familyMailContext } from '../test/support/family-mail.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { countMicrophoneOpens, microphoneOpened } from './support/microphone-count.ts';
import { WAIT } from './support/wait.ts';

// The weekly question on a phone, in English and Finnish: the storyteller turns it on in
// Settings (the time zone their browser's), the week's e-mail comes, its link opens the
// recorder with the question on another device where nobody is signed in (the microphone
// waits for Record), the link is spent after that, and the e-mail's "stop" page stops it only
// with its button.
const PHONE = { width: 390, height: 844 };

let server: TestApp;
let browser: Browser;
useBrowserApp({ engines: 'none' }, (app) => ({ server, browser } = app));

const WORDS = {
  en: {
    locale: 'en-US',
    settings: 'Settings',
    switch: 'E-mail me a question every week',
    when: /The question comes every Monday at 09:00/,
    used: 'This link no longer works',
    otherAccount: 'You are signed in as someone else',
    stopTitle: 'Stop these e-mails?',
    stop: 'Stop these e-mails',
    stopped: 'You will not get the weekly question any more.',
  },
  fi: {
    locale: 'fi-FI',
    settings: 'Asetukset',
    switch: 'Lähetä minulle kysymys joka viikko',
    when: /Kysymys tulee joka viikko: maanantai klo 09:00/,
    used: 'Tämä linkki ei enää toimi',
    otherAccount: 'Olet kirjautunut toisena henkilönä',
    stopTitle: 'Lopetetaanko nämä viestit?',
    stop: 'Lopeta nämä viestit',
    stopped: 'Et saa enää viikon kysymystä.',
  },
} as const;

const shots = screenshots('family-mail', { fullPage: true });
const shot = (page: Page, name: string) => shots.page(page, name);
const noWiderThanPhone = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

for (const language of ['en', 'fi'] as const) {
  it(`turns the weekly question on and answers it through the e-mail's link (${language})`, async () => {
    const words = WORDS[language];
    const email = `weekly-${language}@example.com`;
    const context = await browser.newContext({ viewport: PHONE, locale: words.locale, timezoneId: 'Europe/Helsinki' });
    const headers = { origin: server.url };
    await context.request.post(`${server.url}/api/auth/local/sign-up`, { data: { email, password: 'long enough password', firstName: 'Aino' }, headers });
    await context.request.post(`${server.url}/api/auth/local/sign-in`, { data: { email, password: 'long enough password' }, headers });
    await context.request.put(`${server.url}/api/auth/language-preference`, { data: { language }, headers });
    const [user] = await server.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.email, email)).returning();
    const page = await context.newPage();

    await page.goto(`${server.url}/settings`);
    const toggle = page.getByRole('switch', { name: words.switch });
    await toggle.waitFor(WAIT);
    await shot(page, `settings-off-${language}`);
    await toggle.click();
    await page.getByText(words.when).waitFor(WAIT);
    await expect.poll(async () => (await server.database.db.select().from(users).where(eq(users.id, user.id)))[0], WAIT).toMatchObject({
      weeklyQuestionDay: 1,
      weeklyQuestionMinute: 540,
      timeZone: 'Europe/Helsinki',
    });
    await page.getByText(words.when).scrollIntoViewIfNeeded();
    await noWiderThanPhone(page);
    await shot(page, `settings-on-${language}`);
    await shots.element(page.locator('section', { has: toggle }), `card-${language}`);

    // Monday 9:05 in Helsinki comes: the tick sends the week's e-mail.
    const slot = latestWeeklySlot(new Date(Date.now() + 7 * 86_400_000), { day: 1, minute: 540 }, 'Europe/Helsinki');
    const clock = { now: new Date(slot.getTime() + 5 * 60_000) };
    const mail = familyMailContext(server, clock);
    await runWeeklyTick(mail.ctx, clock.now);
    const [message] = mail.outbox().filter((m) => m.to.includes(email));
    const text = message.part('text/plain')!.text();
    const link = text.match(/https?:\/\/\S+\/record-link\/[\w-]+/)![0];
    const stopPage = text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)![0];

    // A browser signed in as someone else is told so, and the link stays unused.
    const someoneElse = await browser.newContext({ viewport: PHONE, locale: words.locale });
    await someoneElse.request.post(`${server.url}/api/auth/local/sign-up`, { data: { email: `else-${email}`, password: 'long enough password', firstName: 'Eero' }, headers });
    await someoneElse.request.post(`${server.url}/api/auth/local/sign-in`, { data: { email: `else-${email}`, password: 'long enough password' }, headers });
    const elsePage = await someoneElse.newPage();
    await elsePage.goto(link);
    await elsePage.getByRole('heading', { name: words.otherAccount, level: 1 }).waitFor(WAIT);
    await noWiderThanPhone(elsePage);
    await shot(elsePage, `other-account-${language}`);
    await someoneElse.close();

    // Another device, nobody signed in: the link signs the storyteller in and opens the recorder with the question.
    const phone = await browser.newContext({ viewport: PHONE, locale: words.locale });
    const other = await phone.newPage();
    await countMicrophoneOpens(other);
    await other.goto(link);
    await other.waitForURL(/\/record\?/, WAIT);
    const question = new URL(other.url()).searchParams.get('question')!;
    expect(text).toContain(question);
    await other.getByText(question).first().waitFor(WAIT);
    expect(await microphoneOpened(other)).toBe(0);
    await noWiderThanPhone(other);
    await shot(other, `recorder-${language}`);
    // Back leaves the recorder for where the link was opened, never the spent link's page.
    await other.goBack();
    expect(other.url()).not.toContain('/record-link/');

    // The link is spent: opened again, it says so.
    const again = await phone.newPage();
    await again.goto(link);
    await again.getByRole('heading', { name: words.used, level: 1 }).waitFor(WAIT);
    await noWiderThanPhone(again);
    await shot(again, `link-used-${language}`);

    // The footer's page: opening it stops nothing; its button does.
    await other.goto(stopPage);
    await other.getByRole('heading', { name: words.stopTitle, level: 1 }).waitFor(WAIT);
    expect((await server.database.db.select().from(users).where(eq(users.id, user.id)))[0].weeklyQuestionDay).toBe(1);
    await shot(other, `unsubscribe-${language}`);
    await other.getByRole('button', { name: words.stop }).click();
    await other.getByText(words.stopped).waitFor(WAIT);
    expect((await server.database.db.select().from(users).where(eq(users.id, user.id)))[0].weeklyQuestionDay).toBeNull();
    await noWiderThanPhone(other);
    await shot(other, `unsubscribed-${language}`);
    await context.close();
    await phone.close();
  });
}
