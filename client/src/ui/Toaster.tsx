import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { TIMINGS, TOAST_HOTKEY } from '../../../contract/timings.ts';
import { dismissToast, useToast } from './toastStore.ts';

/** Renders the toast of the moment: swipe right or press the close button to dismiss, F8 to focus. */
export function Toaster() {
  const { t } = useTranslation();
  const { toasts } = useToast();
  return (
    <ToastPrimitive.Provider
      duration={TIMINGS.toastDurationMs}
      swipeDirection="right"
      swipeThreshold={TIMINGS.toastSwipeThresholdPx}
      label={t('toast.label')}
    >
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          className={clsx(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0',
            'data-[swipe=cancel]:transition-transform data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0',
            'transition-opacity',
            item.variant === 'destructive'
              ? 'border-red-400/40 bg-red-950 text-red-50'
              : 'border-stone-700 bg-stone-900 text-stone-50',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label={t('actions.close')}
            className="absolute top-3 right-3 rounded-md p-1 opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-amber-300"
          >
            <X aria-hidden className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={[TOAST_HOTKEY]}
        label={t('toast.viewportLabel')}
        style={{ maxWidth: TIMINGS.toastMaxWidthPx }}
        // Above the fixed bottom bar (about 4.5rem with the record button's rim, plus the phone's
        // safe area), never over a page's title and back button; a phone's full width, a wide screen's right corner.
        className="fixed inset-x-0 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-[90] mx-auto flex w-full flex-col gap-2 p-4 outline-none sm:right-0 sm:left-auto sm:mx-0"
      />
    </ToastPrimitive.Provider>
  );
}
