import type { Plugin } from 'vite';
import type { ManifestOptions } from 'vite-plugin-pwa';
import type { Language } from '../../contract/language-codes.ts';
import { WEB_MANIFEST_FILES } from '../../contract/web-manifest.ts';

/** The app's colours: the black of its screens (index.html's theme-color) and the amber of its record button. */
const BLACK = '#000000';

/** What the manifest says in words, per language: the install dialog and a long press on the icon show them. */
const WORDS: Record<Language, { description: string; record: string; library: string }> = {
  en: {
    description: 'Tell your life stories by voice; Saaga writes them down and keeps them for your family.',
    record: 'Record',
    library: 'Library',
  },
  fi: {
    description: 'Kerro elämäsi tarinat äänellä; Saaga kirjoittaa ne muistiin ja säilyttää ne perheellesi.',
    record: 'Tallenna',
    library: 'Kirjasto',
  },
};

/**
 * The web app manifest (issue 31) in `language`: what a phone needs to install Saaga as an
 * app of its own (name, icons from scripts/make-icons.ts, full screen, where it starts) and
 * the shortcuts a long press on its icon offers. "Record" opens the recorder, which waits for
 * a press before it turns the microphone on (decision 032): a page opened from outside the app
 * never starts it.
 */
export function webManifest(language: Language): Partial<ManifestOptions> {
  const words = WORDS[language];
  const icon = [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }];
  return {
    id: '/',
    name: 'Saaga',
    short_name: 'Saaga',
    description: words.description,
    lang: language,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: BLACK,
    background_color: BLACK,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      { name: words.record, short_name: words.record, url: '/record', icons: icon },
      { name: words.library, short_name: words.library, url: '/library', icons: icon },
    ],
  };
}

/** English, the manifest vite-plugin-pwa writes (as `manifest.webmanifest`) and names in index.html. */
export const WEB_MANIFEST = webManifest('en');

/** Writes the manifest of every other language beside it (contract/web-manifest.ts names the files). */
export function otherLanguageManifests(): Plugin {
  return {
    name: 'saaga-other-language-manifests',
    apply: 'build',
    generateBundle() {
      for (const language of ['fi'] as const) {
        this.emitFile({ type: 'asset', fileName: WEB_MANIFEST_FILES[language], source: `${JSON.stringify(webManifest(language))}\n` });
      }
    },
  };
}
