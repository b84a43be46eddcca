import { useCallback, useState } from 'react';
import { useLiveCapabilities } from '../api/live.ts';
import { liveTextOn, readLiveTextChoice, writeLiveTextChoice } from './liveTextSetting.ts';

/**
 * The live text setting: whether the server offers it at all, whether it is on (the person's
 * choice, else the server's recommendation), and a function to choose.
 */
export function useLiveTextSetting() {
  const capabilities = useLiveCapabilities();
  const [choice, setChoice] = useState(() => readLiveTextChoice(window.localStorage));
  const choose = useCallback((on: boolean) => {
    writeLiveTextChoice(window.localStorage, on);
    setChoice(on);
  }, []);
  return {
    available: capabilities.data?.available ?? false,
    /** Still asking the server; the recorder waits for the answer before it starts. */
    pending: capabilities.isPending,
    on: liveTextOn(choice, capabilities.data),
    choose,
  };
}
