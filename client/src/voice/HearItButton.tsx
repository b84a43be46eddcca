import clsx from 'clsx';
import { Pause, Volume2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../ui/Button.tsx';
import { useStoryVoiceContext } from './VoiceContext.tsx';

/**
 * "Hear it": plays the paragraph's spans in the teller's voice, in order; pressed again, stops.
 * Nothing when the paragraph has no span.
 */
export function HearItButton({ paragraph }: { paragraph: number }) {
  const { t } = useTranslation('voice');
  const context = useStoryVoiceContext();
  if (!context || (context.voice.paragraphs[paragraph] ?? []).length === 0) return null;
  const { player, teller } = context;
  const playing = player.playingParagraph === paragraph;
  const label = teller.own ? t('hear.own') : teller.name ? t('hear.named', { name: teller.name }) : t('hear.noName');
  return (
    <button
      type="button"
      onClick={() => player.hearParagraph(paragraph)}
      aria-label={label}
      aria-pressed={playing}
      title={label}
      className={clsx(
        // 44 px to press with a thumb; drawn smaller so it sits by the text.
        'relative ml-1 inline-flex size-8 translate-y-1.5 items-center justify-center rounded-full border align-baseline transition-colors',
        'before:absolute before:-inset-1.5 before:content-[""]',
        playing ? 'border-amber-300 bg-amber-300 text-stone-950' : 'border-stone-700 bg-stone-900 text-amber-200 hover:border-amber-300/60 hover:text-amber-100',
        focusRing,
      )}
    >
      {playing ? <Pause aria-hidden className="size-4" /> : <Volume2 aria-hidden className="size-4" />}
    </button>
  );
}
