import { useEffect, useState } from 'react';
import { RECORDING_LIMITS } from '../../../contract/recording-limits.ts';
import { averageLevel, isSilenceNoticeShown, nextSilenceNotice, NO_SILENCE } from './silenceNotice.ts';

/**
 * Whether to show "No sound detected": the microphone's level, read by an analyser every
 * 200 ms while `listening`, run through the silence-notice rule.
 */
export function useSilenceNotice(stream: MediaStream | null, listening: boolean): boolean {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    setShown(false);
    if (!stream || !listening || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = RECORDING_LIMITS.analyserSize;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    const readings = new Uint8Array(analyser.frequencyBinCount);
    let notice = NO_SILENCE;
    const timer = window.setInterval(() => {
      analyser.getByteFrequencyData(readings);
      notice = nextSilenceNotice(notice, averageLevel(readings), Date.now());
      setShown(isSilenceNoticeShown(notice));
    }, RECORDING_LIMITS.silenceCheckMs);
    return () => {
      window.clearInterval(timer);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [stream, listening]);

  return shown;
}
