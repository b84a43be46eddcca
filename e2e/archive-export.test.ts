import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { archiveExports } from '../server/db/schema.ts';
import { exportArchiveJob } from '../server/archive/export/export-archive-job.ts';
import { takeLease } from '../server/jobs/leases.ts';
import type { TestApp } from '../test/support/test-app.ts';
import { useBrowserApp } from './support/browser-app.ts';
import { signedInPage } from './support/signed-in.ts';
import { WAIT } from './support/wait.ts';
import { screenshots } from './support/screenshots.ts';

// Settings' "Your archive" at phone size: starting it, its progress kept across a reload, the
// download (a ZIP), a failure tried again, an expired archive; in English and in Finnish.
const JOB_WAIT = { timeout: 30_000 };
let server: TestApp;
let browser: Browser;

useBrowserApp({}, (app) => ({ server, browser } = app));

const shots = screenshots('archive-export', { fullPage: true });
/** The whole page, and the card alone (to look at closely). */
async function shot(archive: Locator, name: string) {
  await shots.page(archive.page(), name);
  await shots.element(archive, `${name}-card`);
}
const card = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title, level: 2 }) });

/** Downloads through the card's link and checks the file is the stored ZIP. */
async function downloadFrom(archive: Locator, link: RegExp, userId: string) {
  const [download] = await Promise.all([archive.page().waitForEvent('download', WAIT), archive.getByRole('link', { name: link }).click()]);
  expect(download.suggestedFilename()).toMatch(/^saaga-archive-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = readFileSync((await download.path())!);
  expect(file.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
  const [row] = await server.database.db.select().from(archiveExports).where(and(eq(archiveExports.userId, userId), eq(archiveExports.state, 'ready')));
  expect(file.length).toBe(row.sizeBytes);
}

it('in English: starts the archive, shows it ready with its size and last day after a reload, downloads the ZIP, and says when it has expired', async () => {
  const { page, userId } = await signedInPage(browser, server, 'archive-en@example.com', { acceptDownloads: true });
  await page.goto(`${server.url}/settings`);
  const archive = card(page, 'Your archive');
  await archive.getByText('recordings, transcripts, stories, people and places, and books').waitFor();
  await archive.getByText('It opens in any browser').waitFor();
  await shot(archive, 'start-en');
  await archive.getByRole('button', { name: 'Download my archive' }).click();

  const downloadLink = archive.getByRole('link', { name: /^Download \(\d+(\.\d)? kB\)$/ });
  await downloadLink.waitFor(JOB_WAIT);
  await archive.getByText(/^Available until [A-Z][a-z]+ \d{1,2}, \d{4}$/).waitFor();
  await page.reload();
  await downloadLink.waitFor(WAIT);
  await archive.getByText('Your archive is ready.').waitFor();
  await shot(archive, 'ready-en');
  await downloadFrom(archive, /^Download \(/, userId);

  await server.database.db.update(archiveExports).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(archiveExports.userId, userId));
  await page.reload();
  await archive.getByText(/^Your archive from .+ is no longer available\.$/).waitFor(WAIT);
  await archive.getByRole('button', { name: 'Make a new archive' }).waitFor();
  expect(await downloadLink.count()).toBe(0);
  await shot(archive, 'expired-en');
});

it('in Finnish: progress kept across a reload, a failure with its reason, tried again, and the ZIP downloaded', async () => {
  const { page, userId } = await signedInPage(browser, server, 'archive-fi@example.com', { language: 'fi', acceptDownloads: true });
  // An export under way, as a job that has packed 120 of 640 files leaves it (its lease held, so no worker takes it).
  const [running] = await server.database.db.insert(archiveExports).values({ userId, language: 'fi', state: 'running', progressDone: 120, progressTotal: 640 }).returning();
  expect(await takeLease(server.database.db, exportArchiveJob.entityOf({ exportId: running.id }), 'a job of this test', 10 * 60_000)).toBe(true);

  await page.goto(`${server.url}/settings`);
  const archive = card(page, 'Arkistosi');
  await archive.getByText('nauhoituksesi, litteroinnit, tarinat, ihmiset ja paikat sekä kirjat').waitFor();
  const progress = archive.getByRole('status').filter({ hasText: 'Arkistoasi valmistellaan: 120 / 640 tiedostoa' });
  await progress.waitFor();
  expect(await archive.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('120');
  expect(await archive.getByRole('button').count()).toBe(0);
  await page.reload();
  await progress.waitFor(WAIT);
  await shot(archive, 'progress-fi');

  // The next poll shows how far it got, and then that it failed.
  await server.database.db.update(archiveExports).set({ progressDone: 300 }).where(eq(archiveExports.id, running.id));
  await archive.getByText('Arkistoasi valmistellaan: 300 / 640 tiedostoa').waitFor(WAIT);
  await server.database.db
    .update(archiveExports)
    .set({ state: 'failed', errorCode: 'export_storage_full', error: 'There is no room on the server to make your archive.' })
    .where(eq(archiveExports.id, running.id));
  await archive.getByRole('alert').filter({ hasText: 'Palvelimella ei ole nyt tilaa arkistosi tekemiseen.' }).waitFor(WAIT);
  await shot(archive, 'failed-fi');

  await archive.getByRole('button', { name: 'Yritä uudelleen' }).click();
  await archive.getByRole('link', { name: /^Lataa \(\d+(,\d)?\s?kt\)$/ }).waitFor(JOB_WAIT);
  await archive.getByText(/^Ladattavissa \d{1,2}\. [a-zä]+ \d{4} asti$/).waitFor();
  await page.reload();
  await archive.getByText('Arkistosi on valmis.').waitFor(WAIT);
  await shot(archive, 'ready-fi');
  await downloadFrom(archive, /^Lataa \(/, userId);
});
