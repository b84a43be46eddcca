import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '../ui/Button.tsx';
import { ModalDialog } from '../ui/ModalDialog.tsx';

export type LeaveChoice = 'keep' | 'discard' | 'stay';

interface LeaveDialogProps {
  open: boolean;
  /** leave: the person is going away; discard: they pressed Discard on the chooser. */
  purpose: 'leave' | 'discard';
  /** Keeping is on its way to the server: every button waits. */
  saving: boolean;
  /** Staying goes on recording (the microphone was paused for the question). */
  resumes: boolean;
  onChoose: (choice: LeaveChoice) => void;
  /** Where a kept take goes and what keeping is called, when not the library's "Recordings without a story". */
  keptAs?: { description: string; keep: string };
}

/**
 * What happens to a take nobody has placed yet: keep it for later (the first choice, with
 * the focus), discard it (only here, said plainly), or stay and go on.
 */
export function LeaveDialog({ open, purpose, saving, resumes, onChoose, keptAs }: LeaveDialogProps) {
  const { t } = useTranslation('recording');
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => !next && !saving && onChoose('stay')}
      title={t(purpose === 'leave' ? 'leave.title' : 'leave.discardTitle')}
      description={keptAs?.description ?? t('leave.description')}
      role="alertdialog"
      initialFocus={keep}
    >
      <div className="grid gap-3">
        <button ref={keep} type="button" className={buttonClasses('primary')} disabled={saving} onClick={() => onChoose('keep')}>
          {saving ? t('leave.keeping') : (keptAs?.keep ?? t('leave.keep'))}
        </button>
        <Button variant="destructive" disabled={saving} onClick={() => onChoose('discard')}>
          {t('leave.discard')}
        </Button>
        <Button variant="ghost" disabled={saving} onClick={() => onChoose('stay')}>
          {t(resumes ? 'leave.goOn' : purpose === 'leave' ? 'leave.stay' : 'leave.cancel')}
        </Button>
      </div>
    </ModalDialog>
  );
}
