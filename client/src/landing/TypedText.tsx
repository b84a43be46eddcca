import { TIMINGS } from '../../../contract/timings.ts';
import { usePrefersReducedMotion } from './usePrefersReducedMotion.ts';
import { useTypedText } from './useTypedText.ts';

/**
 * Shows `text` typed out word by word. The full text sits invisibly underneath so the
 * box keeps its final height, and screen readers get the whole text at once.
 */
export function TypedText({ text, className = '' }: { text: string; className?: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const { visible, done } = useTypedText(text, TIMINGS.typingWordMs, reducedMotion);

  return (
    <div className={`grid whitespace-pre-line ${className}`}>
      <p className="sr-only">{text}</p>
      <p aria-hidden="true" className="invisible col-start-1 row-start-1">
        {text}
      </p>
      <p aria-hidden="true" className="col-start-1 row-start-1">
        {visible}
        {!done && (
          <span className="ml-0.5 inline-block h-[1.1em] w-0.5 translate-y-[0.2em] bg-current motion-safe:animate-pulse" />
        )}
      </p>
    </div>
  );
}
