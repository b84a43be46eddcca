import { useEffect, useMemo, useState } from 'react';
import { splitTypingWords, typedText, wordsTypedAfter } from './typing.ts';

interface TypedText {
  /** The part typed so far. */
  visible: string;
  /** True once every word is shown. */
  done: boolean;
}

/**
 * Types `text` out one word every `wordMs`, starting over whenever the text changes
 * (another sample, another language). With `instant` the whole text shows at once.
 */
export function useTypedText(text: string, wordMs: number, instant: boolean): TypedText {
  const words = useMemo(() => splitTypingWords(text), [text]);
  // Progress remembers which text it belongs to, so a new text starts from zero on its first render.
  const [progress, setProgress] = useState({ text, count: 0 });
  const count = instant ? words.length : progress.text === text ? progress.count : 0;

  useEffect(() => {
    if (instant || words.length === 0) return;
    const startedAt = performance.now();
    const tick = () => {
      const typed = wordsTypedAfter(performance.now() - startedAt, wordMs, words.length);
      setProgress({ text, count: typed });
      if (typed >= words.length) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, wordMs);
    tick();
    return () => window.clearInterval(timer);
  }, [text, words, wordMs, instant]);

  return { visible: typedText(words, count), done: count >= words.length };
}
