import { useCallback, useState } from 'react';
import type { LocalAiSettings } from '../../../contract/ai-settings.ts';
import { readAiSettings, writeAiSettings } from './aiSettingsStore.ts';

/** The AI settings kept in this browser's localStorage. */
export function loadAiSettings(): LocalAiSettings {
  return readAiSettings(window.localStorage);
}

/** The device's AI settings and a function that changes and keeps one of them. */
export function useAiSettings() {
  const [settings, setSettings] = useState(loadAiSettings);
  const update = useCallback(<K extends keyof LocalAiSettings>(key: K, value: LocalAiSettings[K]) => {
    setSettings((current) => {
      const next = { ...current, [key]: value };
      writeAiSettings(window.localStorage, next);
      return next;
    });
  }, []);
  return [settings, update] as const;
}
