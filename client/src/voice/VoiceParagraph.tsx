import { type ReactNode, useEffect, useRef } from 'react';
import clsx from 'clsx';
import { HearItButton } from './HearItButton.tsx';
import { useStoryVoiceContext } from './VoiceContext.tsx';

interface VoiceParagraphProps {
  /** The paragraph's number, from 0, as the server numbers the story's paragraphs. */
  index: number;
  className?: string;
  children: ReactNode;
}

/**
 * A story paragraph that leads back to the voice: marked (aria-current) while it is heard, kept
 * in view while the whole recording plays, with its "hear it" button at its end.
 */
export function VoiceParagraph({ index, className, children }: VoiceParagraphProps) {
  const context = useStoryVoiceContext();
  const heard = context?.player.currentParagraph === index;
  const following = heard && context?.player.whole?.playing === true;
  const element = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (following) element.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [following]);

  return (
    <p
      ref={element}
      aria-current={heard ? 'true' : undefined}
      className={clsx(className, 'rounded-md transition-colors', heard && '-mx-2 bg-amber-300/15 px-2 ring-1 ring-amber-300/40')}
    >
      {children}
      <HearItButton paragraph={index} />
    </p>
  );
}
