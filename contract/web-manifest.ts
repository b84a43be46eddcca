import type { Language } from './language-codes.ts';

/**
 * The web app manifest's file in each language (issue 31): the build writes one per language
 * (scripts/build/web-manifest.ts), the page names the one of its language
 * (client/src/install/manifestLanguage.ts), and the server sends them uncached (server/http/spa.ts).
 * They share one `id`, so a phone knows them as the same app.
 */
export const WEB_MANIFEST_FILES: Record<Language, string> = { en: 'manifest.webmanifest', fi: 'manifest-fi.webmanifest' };
