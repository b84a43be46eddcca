import { useSyncExternalStore } from 'react';
import { onInstallPrompt } from './earlyInstallPrompt.ts';
import { countVisit, dismissSuggestion, isIosSafari, shouldSuggestInstall, suggestionDismissed, type InstallWay } from './installSuggestion.ts';

/** Chrome's `beforeinstallprompt` event (not in the DOM's types): its prompt, shown once, on a press. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let kept: InstallPromptEvent | null = null;
let visits = 0;
let dismissed = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

function storages() {
  const get = (name: 'localStorage' | 'sessionStorage') => {
    try {
      return window[name];
    } catch {
      return null;
    }
  };
  return { local: get('localStorage'), session: get('sessionStorage') };
}

/** Whether the app runs installed (from the home screen), where no suggestion belongs. */
function installed(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/**
 * Counts this visit and keeps Chrome's install prompt for the suggestion's button (the event
 * comes once, early: earlyInstallPrompt.ts catches it from the page's first script). Once per page.
 */
export function watchForInstall(): void {
  visits = countVisit(storages());
  dismissed = suggestionDismissed(storages());
  // Caught by the page's first script (main.tsx), which may have come long before this code.
  onInstallPrompt((event) => {
    kept = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    kept = null;
    changed();
  });
}

function way(): InstallWay {
  if (kept) return 'prompt';
  return isIosSafari(navigator.userAgent, navigator.maxTouchPoints) ? 'ios' : 'none';
}

/** What the suggestion shows now (`none`: nothing), with its two actions. */
export function useInstallSuggestion(): { way: InstallWay; install: () => Promise<void>; dismiss: () => void } {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (shouldSuggestInstall({ visits, dismissed, installed: installed(), way: way() }) ? way() : 'none'),
  );
  return {
    way: current,
    async install() {
      const prompt = kept;
      if (!prompt) return;
      kept = null;
      await prompt.prompt();
      // Installed or not, the browser's prompt was the answer: the suggestion has done its part.
      if ((await prompt.userChoice).outcome === 'dismissed') {
        dismissSuggestion(storages());
        dismissed = true;
      }
      changed();
    },
    dismiss() {
      dismissSuggestion(storages());
      dismissed = true;
      changed();
    },
  };
}
