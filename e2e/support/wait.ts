import type { Page, Request } from 'playwright-core';
import { waitFor } from '../../test/support/wait-for.ts';

/**
 * How long a browser test waits for what a click, a round trip or background work brings about.
 * Every `expect.poll` names it: Vitest's own default gives up after 1 s, too soon for a page on a
 * loaded 2-core CI machine.
 */
export const WAIT = { timeout: 15_000 };

/**
 * How long a browser test waits for background work a click started (a job on the queue: a
 * transcription, a story, a refresh) to show on the page: two browser files side by side keep a
 * 2-core machine busy, and a job then took over 30 s once.
 */
export const BACKGROUND = { timeout: 60_000 };

/**
 * The positive signal before asserting that a page did NOT do something a timer of its own
 * would have done (an autosave, an automatic start, a clock tick): a timer of `ms` set in the
 * page now fires after every page timer due sooner, however slow the machine; a later request
 * then comes back after any request those timers made was reported (a page's requests are
 * reported in the order it makes them), and each write among them is waited for until
 * answered, so what it would have written is in the database. Call it once the page shows the state whose
 * timers matter; then assert the absence.
 */
export async function pastPageTimers(page: Page, ms: number): Promise<void> {
  const open = new Set<Request>();
  const started = (request: Request) => {
    // Writes only: a read left open (a stream, a long poll) changes nothing to wait for.
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method())) open.add(request);
  };
  const ended = (request: Request) => open.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.evaluate((delay) => new Promise<void>((resolve) => setTimeout(resolve, delay)), ms);
    await page.evaluate(() => fetch('/api/health').then((response) => response.text()));
    await waitFor(() => open.size, (size) => size === 0, WAIT.timeout, 'the writes the page sent meanwhile to be answered');
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
