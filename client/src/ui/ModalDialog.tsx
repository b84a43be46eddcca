import type { ReactNode, RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { focusRing } from './Button.tsx';

interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** alertdialog for a confirmation: no close button, an outside click does not dismiss it. */
  role?: 'dialog' | 'alertdialog';
  /** What takes focus on opening (Cancel, for a confirmation); the first field otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/** A centred dialog on Radix Dialog: title, optional description, the content, Escape closes. */
export function ModalDialog({ open, onOpenChange, title, description, children, role = 'dialog', initialFocus }: ModalDialogProps) {
  const { t } = useTranslation();
  const isAlert = role === 'alertdialog';
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          role={role}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onPointerDownOutside={isAlert ? (event) => event.preventDefault() : undefined}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-[70] max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-stone-700 bg-stone-900 p-6 text-stone-100 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="pr-8 text-xl font-semibold text-stone-50">{title}</Dialog.Title>
          {description && <Dialog.Description className="mt-2 text-sm text-stone-300">{description}</Dialog.Description>}
          <div className="mt-5">{children}</div>
          {!isAlert && (
            <Dialog.Close
              aria-label={t('actions.close')}
              className={`absolute top-4 right-4 rounded-md p-1 text-stone-300 hover:bg-stone-800 hover:text-stone-50 ${focusRing}`}
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
