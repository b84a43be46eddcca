import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from './Button.tsx';
import { ModalDialog } from './ModalDialog.tsx';

export type EditorLeaveChoice = 'save' | 'discard' | 'stay';

interface EditorLeaveDialogProps {
  open: boolean;
  /** leave: the person is going away; cancel: they pressed Cancel (or Escape) in the editor. */
  purpose: 'leave' | 'cancel';
  /** Saving is on its way to the server: every button waits. */
  saving: boolean;
  onChoose: (choice: EditorLeaveChoice) => void;
}

/**
 * What happens to typed text the server does not have (the recorder's question, for
 * text): save it (the first choice, with the focus), discard it (said plainly), or stay.
 */
export function EditorLeaveDialog({ open, purpose, saving, onChoose }: EditorLeaveDialogProps) {
  const { t } = useTranslation();
  const save = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => !next && !saving && onChoose('stay')}
      title={t('editor.leave.title')}
      description={t('editor.leave.description')}
      role="alertdialog"
      initialFocus={save}
    >
      <div className="grid gap-3">
        <button ref={save} type="button" className={buttonClasses('primary')} disabled={saving} onClick={() => onChoose('save')}>
          {saving ? t('editor.leave.saving') : t('editor.leave.save')}
        </button>
        <Button variant="destructive" disabled={saving} onClick={() => onChoose('discard')}>
          {t('editor.leave.discard')}
        </Button>
        <Button variant="ghost" disabled={saving} onClick={() => onChoose('stay')}>
          {t(purpose === 'leave' ? 'editor.leave.stay' : 'editor.leave.keepEditing')}
        </Button>
      </div>
    </ModalDialog>
  );
}
