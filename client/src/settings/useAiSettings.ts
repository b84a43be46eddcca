import { useCallback, useState } from 'react';
import type { LocalAiSettings } from '../../../contract/ai-settings.ts';
import type { Creativity } from '../../../contract/story-options.ts';
import { readAiSettings, settingsForUpload, withCreativity, writeAiSettings } from './aiSettingsStore.ts';

/** The AI settings kept in this browser's localStorage, as a new recording is uploaded with them. */
export function loadAiSettings(): LocalAiSettings {
  return settingsForUpload(readAiSettings(window.localStorage));
}

/** The device's AI settings, a function that changes and keeps one of them, and one that picks a creativity level. */
export function useAiSettings() {
  const [settings, setSettings] = useState(() => readAiSettings(window.localStorage));
  const change = useCallback((next: (current: LocalAiSettings) => LocalAiSettings) => {
    setSettings((current) => {
      const changed = next(current);
      writeAiSettings(window.localStorage, changed);
      return changed;
    });
  }, []);
  const update = useCallback(
    <K extends keyof LocalAiSettings>(key: K, value: LocalAiSettings[K]) => change((current) => ({ ...current, [key]: value })),
    [change],
  );
  const chooseCreativity = useCallback((level: Creativity) => change((current) => withCreativity(current, level)), [change]);
  return [settings, update, chooseCreativity] as const;
}
