import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../ui/Button.tsx';

interface RecordingHeaderProps {
  titleId: string;
  title: ReactNode;
  onBack: () => void;
  /** Back is refused (and says why) while leaving would lose the upload's story. */
  backBlocked?: boolean;
  onBlockedBack?: () => void;
}

/** The recording screen's title row with its back button. */
export function RecordingHeader({ titleId, title, onBack, backBlocked, onBlockedBack }: RecordingHeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="flex min-h-11 items-center gap-2">
      <button
        type="button"
        aria-label={t('actions.back')}
        aria-disabled={backBlocked || undefined}
        onClick={backBlocked ? onBlockedBack : onBack}
        className={`-ml-2 rounded-full p-2 text-stone-200 hover:bg-stone-800 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 ${focusRing}`}
      >
        <ArrowLeft aria-hidden className="size-5" />
      </button>
      <h1 id={titleId} className="flex-1 text-xl font-semibold text-stone-50" tabIndex={-1}>
        {title}
      </h1>
    </header>
  );
}
