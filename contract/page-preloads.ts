import type { Language } from './language-codes.ts';

/**
 * The build's list, per page, of the scripts its HTML asks for at once, beside index.html
 * (scripts/build/chunks.ts writes it, server/http/page-preloads.ts reads it): without it the
 * browser learns of them only once the first script has run, a second later on a phone.
 */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/** The landing page rendered at build for a language, beside index.html (scripts/build/light-client.ts writes it, server/http/spa.ts sends it). */
export const landingFile = (language: Language) => `landing.${language}.html`;

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
  /**
   * What the app's page runs as each arrives, while its larger scripts still load: the
   * warm-up (client/src/warmUp.ts) and the schemas chunk. Each imports only what index.html
   * names itself, so nothing it waits for comes later; not repeated in `app`.
   */
  runOnArrival: string[];
}

/** `async` module scripts: each runs as it arrives, not after the page's other scripts as a deferred one would. */
export function runOnArrivalScripts(scripts: string[]): string {
  return scripts.map((script) => `<script type="module" async crossorigin src="${script}"></script>`).join('');
}

/** `<link rel="modulepreload">` for each script, as Vite writes its own (crossorigin: the module load then takes the preloaded copy). */
export function modulePreloadLinks(scripts: string[]): string {
  return scripts.map((script) => `<link rel="modulepreload" crossorigin href="${script}">`).join('');
}
