import { describe, expect, it } from 'vitest';
import { countVisit, dismissSuggestion, isIosSafari, shouldSuggestInstall, suggestionDismissed } from './installSuggestion.ts';

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe('the install suggestion', () => {
  it('counts a visit once per tab, and each new tab as another', () => {
    const local = memoryStorage();
    const firstTab = memoryStorage();
    expect(countVisit({ local, session: firstTab })).toBe(1);
    expect(countVisit({ local, session: firstTab })).toBe(1);
    expect(countVisit({ local, session: memoryStorage() })).toBe(2);
  });

  it('shows from the second visit, where the browser can install, until dismissed, never installed', () => {
    const base = { visits: 2, dismissed: false, installed: false, way: 'prompt' as const };
    expect(shouldSuggestInstall(base)).toBe(true);
    expect(shouldSuggestInstall({ ...base, way: 'ios' })).toBe(true);
    expect(shouldSuggestInstall({ ...base, visits: 1 })).toBe(false);
    expect(shouldSuggestInstall({ ...base, dismissed: true })).toBe(false);
    expect(shouldSuggestInstall({ ...base, installed: true })).toBe(false);
    expect(shouldSuggestInstall({ ...base, way: 'none' })).toBe(false);
  });

  it('stays dismissed', () => {
    const local = memoryStorage();
    expect(suggestionDismissed({ local })).toBe(false);
    dismissSuggestion({ local });
    expect(suggestionDismissed({ local })).toBe(true);
  });

  it('knows Safari on an iPhone and an iPad, not Chrome there or on Android', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
    expect(isIosSafari(iphone, 5)).toBe(true);
    expect(isIosSafari(ipad, 5)).toBe(true);
    expect(isIosSafari(ipad, 0)).toBe(false);
    expect(isIosSafari(iphone.replace('Version/18.1', 'CriOS/131.0'), 5)).toBe(false);
    expect(isIosSafari('Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', 5)).toBe(false);
  });
});
