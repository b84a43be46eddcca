import type { ManifestOptions } from 'vite-plugin-pwa';

/** The app's colours: the black of its screens (index.html's theme-color) and the amber of its record button. */
const BLACK = '#000000';

/**
 * The web app manifest (issue 31): what a phone needs to install Saaga as an app of its own
 * (name, icons from scripts/make-icons.ts, full screen, where it starts) and the shortcuts a
 * long press on its icon offers. "Record" opens the recorder, which waits for a press before
 * it turns the microphone on (decision 032): a page opened from outside the app never starts it.
 */
export const WEB_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Saaga',
  short_name: 'Saaga',
  description: 'Tell your life stories by voice; Saaga writes them down and keeps them for your family.',
  lang: 'en',
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
    { name: 'Record', short_name: 'Record', url: '/record', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    { name: 'Library', short_name: 'Library', url: '/library', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
  ],
};
