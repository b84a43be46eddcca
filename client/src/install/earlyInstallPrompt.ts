/**
 * Chrome offers its install prompt (`beforeinstallprompt`) once, early in a page's life, and
 * on a slow phone often before the app's own code has arrived (App.tsx is a chunk of its own).
 * The page's first script catches it here and keeps it for the suggestion (installPrompt.ts),
 * which asks when the app starts. Nothing else: no imports, so the first script stays small.
 */
let caught: Event | null = null;
const takers = new Set<(event: Event) => void>();

/** Catches the prompt from now on (main.tsx, first thing). */
export function catchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Not Chrome's own mini-bar: the suggestion shows when it is time.
    event.preventDefault();
    caught = event;
    for (const take of takers) take(event);
  });
}

/** Hands `take` the prompt caught so far, and any that comes later. */
export function onInstallPrompt(take: (event: Event) => void): void {
  takers.add(take);
  if (caught) take(caught);
}
