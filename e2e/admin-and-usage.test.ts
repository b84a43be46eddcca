import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../test/fakes/smtp-server.ts';
import { verificationLinkIn } from '../test/support/mail-messages.ts';
import { seeder } from '../test/support/seed.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { screenshots } from './support/screenshots.ts';

// The admin page sends the welcome e-mail through a real SMTP server of this machine and
// says so; Settings shows this month's words against the free plan, over it too (in Finnish).
const MAIL_WAIT_MS = 10_000;

let smtp: FakeSmtp;
let server: TestApp;
let browser: Browser;

beforeAll(async () => {
  smtp = await startFakeSmtp();
});
useBrowserApp({ engines: 'none', env: () => ({ SMTP_URL: smtp.url }) }, (app) => ({ server, browser } = app));
afterAll(() => smtp?.close());

const shots = screenshots('admin-usage', { fullPage: true });

/** The message the SMTP server received for `to`, waiting for it to arrive. */
const mailTo = (to: string) => smtp.nextMailTo(to, MAIL_WAIT_MS);

/** Opens the link sign-up mailed to `email`: the test e-mail goes only to a verified address. */
async function verifyAddress(page: Page, email: string, heading: string) {
  await page.goto(verificationLinkIn((await mailTo(email)).text));
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

const words = (count: number) => Array.from({ length: count }, (_, i) => `sana${i}`).join(' ');

it('the admin page sends the test e-mail through the mail server, says so with its id, and leads back to Settings', async () => {
  const email = 'aino@example.com';
  const { page, userId } = await signedInPage(browser, server, email);
  await seeder(server.database.db, server.store).recording(userId, { transcription: words(1234) });
  await verifyAddress(page, email, 'Your address is verified');

  await page.goto(`${server.url}/settings`);
  await page.getByRole('meter', { name: '1,234 of 5,000 words this month' }).waitFor();
  await shots.page(page, 'settings-en');

  await page.goto(`${server.url}/admin/settings`);
  await page.getByRole('heading', { name: 'Admin settings', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Send test email' }).click();
  const status = page.getByRole('status').filter({ hasText: 'Sent through the mail server. Message ID:' });
  await status.waitFor();
  const id = (await status.textContent())!.replace('Sent through the mail server. Message ID: ', '');
  // The toast says where the message went.
  await page.getByText(`Test email sent through the mail server. Email ID: ${id}`, { exact: true }).first().waitFor();
  await shots.page(page, 'admin-en');

  const mail = await mailTo(email);
  expect(mail.raw).toContain('Subject: Welcome to Saaga');
  expect(mail.raw).toContain(`Message-ID: ${id}`);

  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL('**/settings');
});

it('in Finnish: the usage over the free plan says so, and the admin page answers in Finnish', async () => {
  const email = 'eino@example.com';
  const { page, userId } = await signedInPage(browser, server, email, { language: 'fi' });
  await seeder(server.database.db, server.store).recording(userId, { transcription: words(5200) });
  await verifyAddress(page, email, 'Osoitteesi on vahvistettu');

  await page.goto(`${server.url}/settings`);
  await page.getByRole('meter', { name: /^5\s200 \/ 5\s000 sanaa tässä kuussa$/ }).waitFor();
  await page.getByText(/Ilmaisen paketin 5\s000 sanaa on ylittynyt tässä kuussa/).waitFor();
  await shots.page(page, 'settings-fi');

  await page.goto(`${server.url}/admin/settings`);
  await page.getByRole('button', { name: 'Lähetä testiviesti' }).click();
  await page.getByRole('status').filter({ hasText: 'Lähetetty sähköpostipalvelimen kautta. Viestin tunnus:' }).waitFor();
  await page.getByText('Testiviesti on lähetetty sähköpostipalvelimen kautta', { exact: false }).first().waitFor();
  await shots.page(page, 'admin-fi');
  expect((await mailTo(email)).raw).toContain('Subject: Tervetuloa Saagaan');
});
