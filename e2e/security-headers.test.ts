import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';

// The built app under its real Content-Security-Policy: a person walks from the landing
// page through sign-in and sign-up (a refused password on the way) to the signed-in home
// screen, the library and settings, and the browser reports nothing the policy blocked.
let server: TestApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const violations: string[] = [];

useBrowserApp({ engines: 'none', splash: 'show' }, (app) => ({ server, browser } = app));
beforeAll(async () => {
  context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
  // Each page reports the policy's refusals to the test through a binding, before any script of its own runs.
  await context.exposeBinding('reportCspViolation', ({ page: from }, text: string) => violations.push(`${from.url()}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page = await context.newPage();
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => violations.push(`${page.url()}: uncaught ${error.message}`));
});

const splashGone = () => page.getByTestId('splash').waitFor({ state: 'detached' });

it('loads the landing page, sign-in, sign-up and the signed-in screens with nothing refused by the policy', async () => {
  const landing = await page.goto(server.url);
  expect(landing?.headers()['content-security-policy']).toContain("script-src 'self'");
  await splashGone();
  await page.getByRole('heading', { name: 'Saaga', level: 1 }).waitFor();

  // Google is not configured here, so the main button leads to Saaga's own sign-in page.
  await page.getByRole('link', { name: 'Get started' }).first().click();
  await page.waitForURL('**/sign-in?mode=create');
  await page.getByRole('tab', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();

  // Sign-up states the rule before anything is sent, and a guessable password is refused at its field.
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByText('At least 12 characters, and not a common or easily guessed password.', { exact: false }).waitFor();
  await page.getByLabel('First name').fill('Aino');
  await page.getByLabel('Email').fill('aino@example.com');
  await page.getByLabel('Password').fill('password1234');
  const create = page.getByRole('tabpanel').getByRole('button', { name: 'Create account' });
  await create.click();
  await page.getByText('This password is too easy to guess.', { exact: false }).waitFor();
  expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
  // The same refusal in Finnish, the rule too.
  await page.getByRole('button', { name: 'FI', exact: true }).click();
  await page.getByText('Tämä salasana on liian helppo arvata.', { exact: false }).waitFor();
  await page.getByText('Vähintään 12 merkkiä, eikä yleinen tai helposti arvattava salasana.', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'EN', exact: true }).click();

  await page.getByLabel('Password').fill('kesä mökillä 1969');
  await create.click();

  // A first-time user chooses a language in a dialog, then sees the home screen.
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Continue in English' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  await page.reload();
  await splashGone();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Library', exact: true }).click();
  await page.waitForURL('**/library');
  await nav.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

  expect(violations).toEqual([]);
});
