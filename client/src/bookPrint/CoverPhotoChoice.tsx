import { BookOpen } from 'lucide-react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { PrintPhoto } from '../../../contract/print-book.ts';
import { Button } from '../ui/Button.tsx';

interface CoverPhotoChoiceProps {
  photos: PrintPhoto[] | undefined;
  failed: boolean;
  onRetry: () => void;
  value: number | null;
  onChange: (photoId: number | null) => void;
}

const tile = clsx(
  'relative grid aspect-square cursor-pointer place-items-center overflow-hidden rounded-lg border-2 bg-stone-950',
  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-300',
);

/** The cover's photo: one of the photos of the book's stories, or none (the title alone), as radio tiles. */
export function CoverPhotoChoice({ photos, failed, onRetry, value: chosen, onChange }: CoverPhotoChoiceProps) {
  const { t } = useTranslation('print');
  // A photo gone from the book since it was chosen is not sent (printForm.ts): the cover has none, as shown.
  const value = photos && chosen !== null && !photos.some((photo) => photo.id === chosen) ? null : chosen;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-stone-200">{t('form.cover')}</legend>
      {failed ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm text-red-100">
          {t('form.photosFailed')}
          <Button variant="secondary" onClick={onRetry}>
            {t('form.retry')}
          </Button>
        </div>
      ) : !photos ? (
        <div aria-busy="true" aria-label={t('form.photosLoading')} className="h-24 animate-pulse rounded-lg bg-stone-800" />
      ) : (
        <>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            <label className={clsx(tile, value === null ? 'border-amber-300' : 'border-stone-700')}>
              <input type="radio" name="cover-photo" className="sr-only" checked={value === null} onChange={() => onChange(null)} />
              <span className="grid justify-items-center gap-1 p-2 text-center text-xs text-stone-300">
                <BookOpen aria-hidden className="size-5" />
                {t('form.noPhoto')}
              </span>
            </label>
            {photos.map((photo, index) => (
              <label key={photo.id} className={clsx(tile, value === photo.id ? 'border-amber-300' : 'border-stone-700')}>
                <input
                  type="radio"
                  name="cover-photo"
                  className="sr-only"
                  checked={value === photo.id}
                  onChange={() => onChange(photo.id)}
                  aria-label={photo.caption || t('form.photoNumber', { number: index + 1 })}
                />
                <img src={photo.thumbUrl} alt="" loading="lazy" decoding="async" draggable={false} className="size-full object-cover" />
              </label>
            ))}
          </div>
          <p className="text-xs text-stone-400">{photos.length === 0 ? t('form.noPhotos') : t('form.coverHint')}</p>
        </>
      )}
    </fieldset>
  );
}
