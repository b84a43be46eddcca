import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from './Button.tsx';
import { ModalDialog } from './ModalDialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The confirming button's text, e.g. "Delete". */
  confirmLabel: string;
  onConfirm: () => void;
  /** The action is running: both buttons wait. */
  pending?: boolean;
  destructive?: boolean;
}

/** A confirmation (an alertdialog): the action's button and Cancel, which has the focus. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog
      open={props.open}
      onOpenChange={(open) => !props.pending && props.onOpenChange(open)}
      title={props.title}
      description={props.description}
      role="alertdialog"
      initialFocus={cancel}
    >
      <div className="flex flex-wrap justify-end gap-3">
        <button
          ref={cancel}
          type="button"
          className={buttonClasses('secondary')}
          onClick={() => props.onOpenChange(false)}
          disabled={props.pending}
        >
          {t('actions.cancel')}
        </button>
        <Button variant={props.destructive ? 'destructive' : 'primary'} onClick={props.onConfirm} disabled={props.pending}>
          {props.confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
