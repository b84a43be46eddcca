import type { Page } from 'playwright-core';
import { TIMINGS } from '../../contract/timings.ts';
import { pastPageTimers } from './wait.ts';

declare global {
  interface Window {
    microphoneOpened?: number;
  }
}

/** Makes every document the page opens count the times it asked for the microphone. */
export async function countMicrophoneOpens(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.microphoneOpened = 0;
    const devices = navigator.mediaDevices;
    const open = devices.getUserMedia.bind(devices);
    devices.getUserMedia = (constraints) => {
      window.microphoneOpened = (window.microphoneOpened ?? 0) + 1;
      return open(constraints);
    };
  });
}

/** How often this document asked for the microphone. */
export const microphoneOpened = (page: Page) => page.evaluate(() => window.microphoneOpened ?? 0);

/** Past the recorder's own automatic start (timed in the page), so a start that should not happen would have. */
export const pastAutomaticStart = (page: Page) => pastPageTimers(page, 4 * TIMINGS.recordingAutoStartMs);
