import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';
import { screenshots } from './support/screenshots.ts';

// Deleting one's account on a phone, in English and Finnish: the screen from Settings, Back
// keeps the account, a wrong word keeps the button off, a wrong password is refused with a
// clear error, then the deletion; the plain page after it; signing in again fails.
const PASSWORD = 'long enough password';

let server: TestApp;
let browser: Browser;
useBrowserApp({ engines: 'none' }, (app) => ({ server, browser } = app));

const WORDS = {
  en: {
    open: 'Delete my account…',
    title: 'Delete my account',
    password: 'Your password',
    word: 'Type DELETE to confirm',
    right: 'delete',
    wrong: 'DELET',
    submit: 'Delete my account and everything in it',
    wrongPassword: 'That password is not right. Nothing was deleted.',
    archive: 'Download my archive first',
    deleted: 'Your account has been deleted',
    signIn: 'Sign in',
    signInFailed: 'Wrong email or password.',
  },
  fi: {
    open: 'Poista tilini…',
    title: 'Poista tilini',
    password: 'Salasanasi',
    word: 'Vahvista kirjoittamalla POISTA',
    right: 'POISTA',
    wrong: 'DELETE',
    submit: 'Poista tilini ja kaikki sen sisältö',
    wrongPassword: 'Salasana ei ole oikea. Mitään ei poistettu.',
    archive: 'Lataa ensin arkistoni',
    deleted: 'Tilisi on poistettu',
    signIn: 'Kirjaudu sisään',
    signInFailed: 'Väärä sähköpostiosoite tai salasana.',
  },
} as const;

const shots = screenshots('delete-account', { fullPage: true });
const noWiderThanPhone = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

describe.each(['en', 'fi'] as const)('deleting an account in %s', (language) => {
  it('asks for the word and the password, refuses wrong ones, deletes, and the account signs in no more', async () => {
    const w = WORDS[language];
    const email = `leaving-${language}@example.com`;
    const { page, userId } = await signedInPage(browser, server, email, { language });
    await seeder(server.database.db, server.store).story(userId, { title: 'Summers at the lake' });

    await page.goto(`${server.url}/settings`);
    await page.getByRole('link', { name: w.open }).click();
    await page.waitForURL('**/settings/delete-account');
    await page.getByRole('heading', { name: w.title, level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: w.archive }).getAttribute('href')).toBe('/settings#archive');
    await noWiderThanPhone(page);
    await shots.page(page, `${language}-screen`);

    // Back leaves it with the account as it was; the screen opens again.
    await page.goBack();
    await page.waitForURL(/\/settings$/);
    await page.getByRole('link', { name: w.open }).click();
    await page.waitForURL('**/settings/delete-account');

    const submit = page.getByRole('button', { name: w.submit });
    await page.getByLabel(w.password).fill('not my password at all');
    await page.getByLabel(w.word).fill(w.wrong);
    await expect.poll(() => submit.isDisabled(), WAIT).toBe(true);
    await shots.page(page, `${language}-wrong-word`);

    await page.getByLabel(w.word).fill(w.right);
    await expect.poll(() => submit.isEnabled(), WAIT).toBe(true);
    await submit.click();
    await page.getByText(w.wrongPassword).waitFor(WAIT);
    await noWiderThanPhone(page);
    await shots.page(page, `${language}-wrong-password`);
    // Still signed in, still there.
    expect((await page.request.get(`${server.url}/api/auth/user`)).status()).toBe(200);

    await page.getByLabel(w.password).fill(PASSWORD);
    await submit.click();
    await page.waitForURL('**/account-deleted', WAIT);
    await page.getByRole('heading', { name: w.deleted, level: 1 }).waitFor();
    await noWiderThanPhone(page);
    await shots.page(page, `${language}-deleted`);
    expect((await page.request.get(`${server.url}/api/auth/user`)).status()).toBe(401);

    // Signing in again with the same address and password fails as for any unknown account.
    await page.goto(`${server.url}/sign-in`);
    await page.getByLabel(language === 'fi' ? 'Sähköposti' : 'Email').fill(email);
    await page.getByLabel(language === 'fi' ? 'Salasana' : 'Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: w.signIn }).click();
    await page.getByText(w.signInFailed).waitFor(WAIT);
    await shots.page(page, `${language}-sign-in-again`);
  });
});
