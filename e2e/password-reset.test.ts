import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedUpClient } from '../test/support/http-client.ts';
import { readMessage, resetLinkIn } from '../test/support/mail-messages.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { waitFor } from '../test/support/wait-for.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// A person has forgotten the password: asks for a link on a phone, reads it from the
// outbox (no SMTP server here), sets a new password and is signed in; once in Finnish.
const PHONE = { width: 390, height: 844 };
const MAIL_WAIT_MS = 10_000;

let dataDir: string;
let server: TestApp;
let browser: Browser;

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'saaga-e2e-outbox-'));
});
useBrowserApp({ engines: 'none', env: () => ({ DATA_DIR: dataDir }) }, (app) => ({ server, browser } = app));
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The e-mail to `to` with this subject in the outbox, waiting for it to be written (the
 * sign-up's address confirmation goes to the same address, sometimes written after it).
 */
async function mailFromOutbox(to: string, subject: string) {
  const outbox = path.join(dataDir, 'outbox');
  const find = () => {
    // The folder is made with the first message (nodemailer loads on first use, so a while after the click).
    const files = (existsSync(outbox) ? readdirSync(outbox, { withFileTypes: true }) : []).filter((f) => f.isFile()).map((f) => f.name).sort().reverse();
    return files.map((file) => readMessage(readFileSync(path.join(outbox, file), 'utf8'))).find((m) => m.to === to && m.subject === subject);
  };
  return (await waitFor(find, (mail) => mail !== undefined, MAIL_WAIT_MS, `the e-mail "${subject}" to ${to} in the outbox`))!;
}

async function phonePage(locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale });
  return context.newPage();
}

const shots = screenshots('reset', { fullPage: true });
const noWiderThanPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
const signInStatus = async (email: string, password: string) =>
  (await fetch(`${server.url}/api/auth/local/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })).status;

it('a person who forgot the password gets a link, sets a new password and is signed in', async () => {
  const email = 'aino@example.com';
  const { client: oldDevice } = await signedUpClient(server.url, email, 'en');
  const page = await phonePage('en-US');

  await page.goto(`${server.url}/sign-in`);
  await page.getByLabel('Email').fill(email);
  await shots.page(page, 'sign-in-en');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgot-password');
  await page.getByRole('heading', { name: 'Forgot your password?', level: 1 }).waitFor();
  // The address typed on the sign-in page came along.
  expect(await page.getByLabel('Email').inputValue()).toBe(email);
  await noWiderThanPhone(page);
  await shots.page(page, 'forgot-en');

  await page.getByRole('button', { name: 'Send link' }).click();
  await page.getByRole('heading', { name: 'Check your email', level: 1 }).waitFor();
  await noWiderThanPhone(page);
  await page
    .getByText(`If an account exists for ${email}, we have sent a link to reset the password. It works for one hour.`)
    .waitFor();
  await shots.page(page, 'sent-en');

  const mail = await mailFromOutbox(email, 'Reset your Saaga password');
  const link = resetLinkIn(mail.text);
  await page.goto(link);
  await page.getByRole('heading', { name: 'Choose a new password', level: 1 }).waitFor();
  await noWiderThanPhone(page);

  // The sign-up rules hold: too short is told at once, a common one by the server.
  const password = page.getByLabel('New password');
  await password.fill('too short');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.getByText('The password is too short. Use at least 12 characters.').waitFor();
  await password.fill('password1234');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.getByText('This password is too easy to guess.', { exact: false }).waitFor();
  await shots.page(page, 'new-password-en');

  await password.fill('rowan berries by the lake');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await page.waitForURL(`${server.url}/`);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  expect((await (await page.request.get(`${server.url}/api/auth/user`)).json()).email).toBe(email);

  // The old password and the old device's session are gone.
  expect(await signInStatus(email, 'long enough password')).toBe(401);
  expect(await signInStatus(email, 'rowan berries by the lake')).toBe(200);
  expect((await oldDevice.get('/api/auth/user')).status).toBe(401);

  // The link was spent: opened again it says so at once, before anything is typed, and offers a new one.
  await page.goto(link);
  await page.getByRole('heading', { name: 'This link no longer works', level: 1 }).waitFor();
  await page.getByText('This link to reset the password has expired or has already been used. Ask for a new one.').waitFor();
  await shots.page(page, 'invalid-en');
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await page.waitForURL('**/forgot-password');
  await page.context().close();
});

it('speaks Finnish to a Finnish speaker, on the pages and in the e-mail', async () => {
  const email = 'eino@example.com';
  await signedUpClient(server.url, email, 'fi');
  const page = await phonePage('fi-FI');

  await page.goto(`${server.url}/sign-in`);
  await page.getByRole('heading', { name: 'Tervetuloa takaisin', level: 1 }).waitFor();
  await shots.page(page, 'sign-in-fi');
  await page.getByRole('link', { name: 'Unohtuiko salasana?' }).click();
  await page.getByRole('heading', { name: 'Unohtuiko salasana?', level: 1 }).waitFor();
  await page.getByLabel('Sähköposti').fill(email);
  await shots.page(page, 'forgot-fi');
  await page.getByRole('button', { name: 'Lähetä linkki' }).click();
  await page.getByRole('heading', { name: 'Katso sähköpostisi', level: 1 }).waitFor();
  await page
    .getByText(`Jos osoitteella ${email} on tili, lähetimme siihen linkin salasanan vaihtamiseen. Linkki toimii tunnin ajan.`)
    .waitFor();
  await noWiderThanPhone(page);
  await shots.page(page, 'sent-fi');

  const mail = await mailFromOutbox(email, 'Saagan salasanan vaihtaminen');
  expect(mail.text).toContain('Hei Aino,');
  await page.goto(resetLinkIn(mail.text));
  await page.getByRole('heading', { name: 'Valitse uusi salasana', level: 1 }).waitFor();
  await page.getByLabel('Uusi salasana').fill('salasana1234');
  await page.getByRole('button', { name: 'Tallenna uusi salasana' }).click();
  await page.getByText('Tämä salasana on liian helppo arvata.', { exact: false }).waitFor();
  await shots.page(page, 'new-password-fi');

  await page.getByLabel('Uusi salasana').fill('mustikoita metsän laidalta');
  await page.getByRole('button', { name: 'Tallenna uusi salasana' }).click();
  await page.waitForURL(`${server.url}/`);
  await page.getByRole('navigation', { name: 'Päävalikko' }).waitFor();

  await page.goto(`${server.url}/reset-password?token=made-up`);
  await page.getByRole('heading', { name: 'Linkki ei enää toimi', level: 1 }).waitFor();
  await page.getByText('Salasanan vaihtolinkki on vanhentunut tai jo käytetty. Pyydä uusi linkki.').waitFor();
  await shots.page(page, 'invalid-fi');
  await page.context().close();
});
