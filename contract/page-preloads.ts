import type { Language } from './language-codes.ts';

/**
 * The build's list, per page, of the scripts its HTML asks for at once, beside index.html
 * (scripts/build/chunks.ts writes it, server/http/page-preloads.ts reads it): without it the
 * browser learns of them only once the first script has run, a second later on a phone.
 */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/** What PAGE_PRELOADS_FILE holds: script addresses beyond those index.html names itself. */
export interface PagePreloads {
  /** Every page of the app (not the rendered landing page): the app, its shell, the library. */
  app: string[];
  /** A page's own, by route (`:name` stands for one segment; the first match wins), not repeating `app`. */
  pages: [route: string, scripts: string[]][];
  /** Each language's words for the app. */
  words: Record<Language, string[]>;
  /** The landing page alone with its words, for its rendered copies. */
  landing: Record<Language, string[]>;
  /** What the app's page runs while its scripts load (client/src/warmUp.ts), in a script of its own. */
  warmUp: string;
}

/** The app page's warm-up: `async`, so it runs on arrival, not after the app's scripts as a deferred module would. */
export function warmUpScript(script: string): string {
  return `<script type="module" async crossorigin src="${script}"></script>`;
}

/** `<link rel="modulepreload">` for each script, as Vite writes its own (crossorigin: the module load then takes the preloaded copy). */
export function modulePreloadLinks(scripts: string[]): string {
  return scripts.map((script) => `<link rel="modulepreload" crossorigin href="${script}">`).join('');
}
