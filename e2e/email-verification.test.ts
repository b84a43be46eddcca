import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedUpClient } from '../test/support/http-client.ts';
import { readMessage, verificationLinkIn } from '../test/support/mail-messages.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { waitFor } from '../test/support/wait-for.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// A new person creates an account on a phone and lands in the app at once, told that a
// link is on its way; opens the link from the outbox (no SMTP server here) and the address
// is confirmed; opens it again and is told plainly it is spent. In English and in Finnish.
const PHONE = { width: 390, height: 844 };
const MAIL_WAIT_MS = 10_000;

let dataDir: string;
let server: TestApp;
let browser: Browser;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'saaga-e2e-verify-'));
});
useBrowserApp({ engines: 'none', env: () => ({ DATA_DIR: dataDir }) }, (app) => ({ server, browser } = app));
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The e-mail to `to` with this subject from the outbox, waiting for it to be written. */
async function mailFromOutbox(to: string, subject: string) {
  const outbox = path.join(dataDir, 'outbox');
  const find = () => {
    const files = existsSync(outbox) ? readdirSync(outbox) : [];
    return files.map((file) => readMessage(readFileSync(path.join(outbox, file), 'utf8'))).find((m) => m.to === to && m.subject === subject);
  };
  return (await waitFor(find, (mail) => mail !== undefined, MAIL_WAIT_MS, `the e-mail "${subject}" to ${to} in the outbox`))!;
}

const shots = screenshots('verify', { fullPage: true });
const noWiderThanPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

interface Words {
  locale: string;
  createTab: string;
  firstName: string;
  email: string;
  password: string;
  create: string;
  navigation: string;
  chooseLanguage: string;
  notice: (email: string) => string;
  settings: string;
  notVerified: (email: string) => string;
  subject: string;
  doneTitle: string;
  done: (email: string) => string;
  invalidTitle: string;
  invalid: string;
  checkInbox: string;
}

const ENGLISH: Words = {
  locale: 'en-US',
  createTab: 'Create account',
  firstName: 'First name',
  email: 'Email',
  password: 'Password',
  create: 'Create account',
  navigation: 'Main navigation',
  chooseLanguage: 'Continue in English',
  notice: (email) => `Welcome to Saaga! We sent a link to ${email}: open it to verify your address.`,
  settings: 'Settings',
  notVerified: (email) => `${email} is not verified yet.`,
  subject: 'Confirm your e-mail address for Saaga',
  doneTitle: 'Your address is verified',
  done: (email) => `Thank you: ${email} is verified. Saaga can now send you email.`,
  invalidTitle: 'This link no longer works',
  invalid: 'This link has already been used, or it has expired.',
  checkInbox: 'Check your inbox',
};

const FINNISH: Words = {
  locale: 'fi-FI',
  createTab: 'Luo tili',
  firstName: 'Etunimi',
  email: 'Sähköposti',
  password: 'Salasana',
  create: 'Luo tili',
  navigation: 'Päävalikko',
  chooseLanguage: 'Jatka suomeksi',
  notice: (email) => `Tervetuloa Saagaan! Lähetimme linkin osoitteeseen ${email}: vahvista osoitteesi avaamalla se.`,
  settings: 'Asetukset',
  notVerified: (email) => `Osoitetta ${email} ei ole vielä vahvistettu.`,
  subject: 'Vahvista sähköpostiosoitteesi Saagassa',
  doneTitle: 'Osoitteesi on vahvistettu',
  done: (email) => `Kiitos: ${email} on vahvistettu. Saaga voi nyt lähettää sinulle sähköpostia.`,
  invalidTitle: 'Linkki ei enää toimi',
  invalid: 'Linkki on jo käytetty tai vanhentunut.',
  checkInbox: 'Katso sähköpostisi',
};

async function signUpAndVerify(words: Words, email: string, lang: string) {
  const context = await browser.newContext({ viewport: PHONE, locale: words.locale });
  const page = await context.newPage();

  await page.goto(`${server.url}/sign-in`);
  await page.getByRole('tab', { name: words.createTab }).click();
  await page.getByLabel(words.firstName).fill('Aino');
  await page.getByLabel(words.email).fill(email);
  await page.getByLabel(words.password).fill('rowan berries by the lake');
  await noWiderThanPhone(page);
  await shots.page(page, `sign-up-${lang}`);
  await page.locator('form').getByRole('button', { name: words.create }).click();

  // Straight into the app, signed in, with a gentle word about the link.
  await page.waitForURL(`${server.url}/`);
  await page.getByText(words.notice(email)).first().waitFor();
  await noWiderThanPhone(page);
  await shots.page(page, `landed-${lang}`);
  // A first-time person chooses the app's language (the notice waits beside it).
  await page.getByRole('button', { name: words.chooseLanguage }).click();
  await page.getByRole('navigation', { name: words.navigation }).waitFor();

  // Settings says the address waits for its link.
  await page.goto(`${server.url}/settings`);
  await page.getByText(words.notVerified(email), { exact: false }).waitFor();
  await noWiderThanPhone(page);
  await shots.page(page, `settings-unverified-${lang}`);

  const mail = await mailFromOutbox(email, words.subject);
  const link = verificationLinkIn(mail.text);
  expect(link.startsWith(`${server.url}/verify-email?token=`)).toBe(true);
  await page.goto(link);
  await page.getByRole('heading', { name: words.doneTitle, level: 1 }).waitFor();
  await page.getByText(words.done(email)).waitFor();
  await noWiderThanPhone(page);
  await shots.page(page, `verified-${lang}`);
  expect((await (await page.request.get(`${server.url}/api/auth/user`)).json()).emailVerified).toBe(true);

  // Back: the app, and the account no longer asks for the link.
  await page.goBack();
  await page.goto(`${server.url}/settings`);
  await page.getByRole('heading', { level: 1, name: words.settings }).waitFor();
  expect(await page.getByText(words.notVerified(email), { exact: false }).count()).toBe(0);

  // The link is spent: opened again, it says so plainly.
  await page.goto(link);
  await page.getByRole('heading', { name: words.invalidTitle, level: 1 }).waitFor();
  await page.getByText(words.invalid, { exact: false }).waitFor();
  await noWiderThanPhone(page);
  await shots.page(page, `spent-${lang}`);
  await context.close();
}

it('a new person lands in the app with a notice, opens the link once to verify the address, and is told when it is spent', async () => {
  await signUpAndVerify(ENGLISH, 'aino@example.com', 'en');
});

it('says the same in Finnish', async () => {
  await signUpAndVerify(FINNISH, 'eino@example.com', 'fi');
});

it('tells a person whose address has an account, with another password, to check their inbox', async () => {
  const email = 'taken@example.com';
  await signedUpClient(server.url, email, 'fi');
  const context = await browser.newContext({ viewport: PHONE, locale: FINNISH.locale });
  const page = await context.newPage();
  await page.goto(`${server.url}/sign-in`);
  await page.getByRole('tab', { name: FINNISH.createTab }).click();
  await page.getByLabel(FINNISH.firstName).fill('Mallory');
  await page.getByLabel(FINNISH.email).fill(email);
  await page.getByLabel(FINNISH.password).fill('not the owner’s passphrase');
  await page.locator('form').getByRole('button', { name: FINNISH.create }).click();
  await page.getByRole('heading', { name: FINNISH.checkInbox, level: 1 }).waitFor();
  await page.getByText(`Lähetimme viestin osoitteeseen ${email}.`, { exact: false }).waitFor();
  await noWiderThanPhone(page);
  await shots.page(page, 'check-inbox-fi');
  await page.getByRole('button', { name: 'Siirry kirjautumaan' }).click();
  await page.getByRole('heading', { name: 'Tervetuloa takaisin', level: 1 }).waitFor();
  await context.close();
});
