import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { Button } from './Button.tsx';

interface DraftOfferProps {
  savedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}

/** "You have unsaved changes from <time>": the draft a reload or a closed tab left, offered back. */
export function DraftOffer({ savedAt, onRestore, onDiscard }: DraftOfferProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div role="status" className="grid gap-3 rounded-xl border border-amber-300/40 bg-stone-900 p-4 text-left text-sm text-stone-200">
      <p className="flex items-start gap-2">
        <RotateCcw aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-300" />
        {t('editor.draft.offer', { when: formatDate(savedAt, language, { dateStyle: 'medium', timeStyle: 'short' }) })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={onRestore}>{t('editor.draft.restore')}</Button>
        <Button variant="ghost" onClick={onDiscard}>
          {t('editor.draft.discard')}
        </Button>
      </div>
    </div>
  );
}
