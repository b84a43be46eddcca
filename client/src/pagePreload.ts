import { readEarlyFor } from './api/earlyReads.ts';

/**
 * The signed-in areas' chunks, by path: main.tsx asks for the shell's and the page's
 * beside the app's own, instead of after the session check (a round trip each on a phone).
 */
const AREAS: [prefix: string, load: () => Promise<unknown>][] = [
  ['/library', () => import('./library/LibraryPage.tsx')],
  ['/timeline', () => import('./timeline/TimelinePage.tsx')],
  ['/collections', () => import('./collections/CollectionsPage.tsx')],
  ['/people', () => import('./people/PeoplePage.tsx')],
  ['/settings', () => import('./settings/SettingsPage.tsx')],
  ['/interviewer', () => import('./interviewer/InterviewerPage.tsx')],
  ['/record', () => import('./recorder/RecorderPage.tsx')],
];

/** Starts the downloads a signed-in page at `pathname` will need; a failure here is retried when the page renders. */
export function preloadPagesFor(pathname: string): void {
  readEarlyFor(pathname, window.location.search);
  const area = pathname === '/' ? () => import('./recorder/HomeScreen.tsx') : AREAS.find(([prefix]) => pathname.startsWith(prefix))?.[1];
  for (const load of [() => import('./shell/AppShell.tsx'), area]) void load?.().catch(() => undefined);
}
