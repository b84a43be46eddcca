// Screenshots of the browser tests, for a person to look at: taken only when E2E_SCREENSHOTS
// names a folder (made on first use), and not at all otherwise, so CI takes none and spends no
// time on them. `E2E_SCREENSHOTS=/tmp/shots npx vitest run --project e2e e2e/x.test.ts`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

const folder = process.env.E2E_SCREENSHOTS || undefined;
let folderMade = false;

/** The file for a screenshot called `name`, or undefined when screenshots are off. */
function fileFor(name: string): string | undefined {
  if (!folder) return undefined;
  if (!folderMade) {
    mkdirSync(folder, { recursive: true });
    folderMade = true;
  }
  return path.join(folder, `${name}.png`);
}

export interface Screenshots {
  /** The page as it is: the whole page, or only the visible screen, as the file's default says. */
  page(page: Page, name: string, options?: { fullPage?: boolean }): Promise<void>;
  /** One element of the page (a card, a toast, a dialog). */
  element(locator: Locator, name: string): Promise<void>;
}

/**
 * A test file's screenshots: each file is named `<prefix>-<name>.png`. `fullPage` is the default
 * of `page()` (true: the whole scrollable page; false: the visible screen).
 */
export function screenshots(prefix: string, { fullPage = false }: { fullPage?: boolean } = {}): Screenshots {
  return {
    async page(page, name, options = {}) {
      const file = fileFor(`${prefix}-${name}`);
      if (file) await page.screenshot({ path: file, fullPage: options.fullPage ?? fullPage });
    },
    async element(locator, name) {
      const file = fileFor(`${prefix}-${name}`);
      if (file) await locator.screenshot({ path: file });
    },
  };
}
