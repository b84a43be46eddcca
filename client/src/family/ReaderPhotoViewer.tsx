import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FamilyPhotoView } from '../../../contract/family-reading.ts';
import { focusRing } from '../ui/Button.tsx';

interface ReaderPhotoViewerProps {
  photos: readonly FamilyPhotoView[];
  photo: FamilyPhotoView;
  onClose: () => void;
  onShow: (photo: FamilyPhotoView) => void;
}

/**
 * A shared story's photo full size for a reader: the display copy (never the original), its
 * caption, the previous and the next. Nothing to change: the reader only looks.
 */
export function ReaderPhotoViewer({ photos, photo, onClose, onShow }: ReaderPhotoViewerProps) {
  const { t } = useTranslation('familyReading');
  const index = photos.findIndex((candidate) => candidate.id === photo.id);
  const previous = photos[index - 1];
  const next = photos[index + 1];
  const name = t('story.photo', { n: index + 1, count: photos.length });
  const arrow = clsx('rounded-full p-2.5 text-stone-200 hover:bg-stone-800 disabled:opacity-30', focusRing);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
        <Dialog.Content aria-describedby={undefined} className="fixed inset-0 z-[55] overflow-y-auto bg-stone-950 text-stone-100 focus:outline-none">
          <div className="mx-auto grid max-w-2xl gap-4 p-4 pb-10">
            <header className="flex items-center justify-between gap-2">
              <Dialog.Title className="min-w-0 truncate text-base font-semibold text-stone-50">{name}</Dialog.Title>
              <Dialog.Close aria-label={t('story.closePhoto')} className={clsx('rounded-full p-2.5 text-stone-200 hover:bg-stone-800', focusRing)}>
                <X aria-hidden className="size-5" />
              </Dialog.Close>
            </header>
            <img
              src={photo.urls.display}
              alt={photo.caption || name}
              width={photo.width}
              height={photo.height}
              className="mx-auto max-h-[70dvh] w-auto max-w-full rounded-lg bg-stone-900 object-contain"
            />
            {photos.length > 1 && (
              <div className="flex justify-between">
                <button type="button" aria-label={t('story.previousPhoto')} disabled={!previous} onClick={() => previous && onShow(previous)} className={arrow}>
                  <ChevronLeft aria-hidden className="size-5" />
                </button>
                <button type="button" aria-label={t('story.nextPhoto')} disabled={!next} onClick={() => next && onShow(next)} className={arrow}>
                  <ChevronRight aria-hidden className="size-5" />
                </button>
              </div>
            )}
            {photo.caption && <p className="text-lg whitespace-pre-line text-stone-50">{photo.caption}</p>}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
