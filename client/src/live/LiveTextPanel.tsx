import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveText } from './liveText.ts';
import type { LiveTextStatus } from './useLiveText.ts';

interface LiveTextPanelProps {
  text: LiveText;
  status: LiveTextStatus;
}

/**
 * The words as the person speaks (spec 4, "Live text"): finished words plain, the utterance in
 * progress lighter and in italics; it follows the newest words. A quiet note when live text is
 * unavailable: the recording goes on regardless.
 */
export function LiveTextPanel({ text, status }: LiveTextPanelProps) {
  const { t } = useTranslation('live');
  const scroller = useRef<HTMLDivElement>(null);
  const empty = !text.finalText && !text.partial;

  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [text]);

  if (status === 'off' || status === 'connecting') return null;

  return (
    <section aria-label={t('recorder.panelLabel')} className="w-full text-left">
      <div
        ref={scroller}
        aria-live="polite"
        data-testid="live-text"
        className="max-h-40 min-h-20 overflow-y-auto rounded-2xl border border-stone-800 bg-stone-900/70 px-4 py-3 text-base leading-relaxed"
      >
        {empty ? (
          <p className="text-sm text-stone-500">{status === 'unavailable' ? t('recorder.unavailable') : t('recorder.listening')}</p>
        ) : (
          <p className="whitespace-pre-wrap text-stone-100">
            {text.finalText}
            {text.finalText && text.partial ? ' ' : ''}
            {text.partial && (
              <span data-testid="live-text-partial" className="text-stone-400 italic">
                {text.partial}
              </span>
            )}
          </p>
        )}
        {!empty && status === 'unavailable' && <p className="mt-2 text-xs text-stone-500">{t('recorder.unavailable')}</p>}
      </div>
    </section>
  );
}
