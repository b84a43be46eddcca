import { useCallback, useEffect, useRef } from 'react';
import type { Language } from '../../../contract/languages.ts';
import { fetchSpeech } from '../api/conversation.ts';

/** The longest a question may play before the conversation goes on regardless (a stuck player holds nothing up). */
const LONGEST_QUESTION_MS = 60_000;

/**
 * Saaga's voice: the question from the narrator, played in the page's <audio> element.
 * `speak` resolves true once it was heard to the end (or stopped), false when it could not
 * be spoken: the question is on the screen either way and the conversation goes on.
 */
export function useQuestionVoice() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const current = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    current.current?.abort();
    current.current = null;
    audioRef.current?.pause();
  }, []);

  const speak = useCallback(
    async (text: string, language: Language): Promise<boolean> => {
      stop();
      const controller = new AbortController();
      current.current = controller;
      const audio = audioRef.current;
      if (!audio) return false;
      let url: string | null = null;
      try {
        const blob = await fetchSpeech({ text: text.slice(0, 500), language }, controller.signal);
        if (controller.signal.aborted) return true;
        url = URL.createObjectURL(blob);
        audio.src = url;
        await new Promise<void>((resolve, reject) => {
          const timer = window.setTimeout(resolve, LONGEST_QUESTION_MS);
          const settle = (error?: unknown) => {
            window.clearTimeout(timer);
            audio.onended = null;
            audio.onerror = null;
            if (error) reject(error);
            else resolve();
          };
          audio.onended = () => settle();
          audio.onerror = () => settle(new Error('The question could not be played'));
          controller.signal.addEventListener('abort', () => settle(), { once: true });
          audio.play().catch(settle);
        });
        return true;
      } catch (error) {
        if (controller.signal.aborted) return true;
        console.warn('The question could not be spoken:', error);
        return false;
      } finally {
        if (current.current === controller) current.current = null;
        if (url) URL.revokeObjectURL(url);
      }
    },
    [stop],
  );

  useEffect(() => stop, [stop]);

  return { audioRef, speak, stop };
}
