import { useId, useRef, useState, type ReactNode } from 'react';
import { ImagePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PHOTO_ACCEPT } from '../../../contract/photos.ts';
import { useChoosePhoto, useDeletePhoto, usePhotos, useUpdatePhoto, type Photo, type PhotoHomeRef } from '../api/photos.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { toast } from '../ui/toastStore.ts';
import { shownChoice, type PhotoRole } from './photoChoice.ts';
import { PhotoUploads } from './PhotoUploads.tsx';
import { PhotoViewer } from './PhotoViewer.tsx';
import { SortablePhotos } from './SortablePhotos.tsx';
import { useOpenPhoto } from './useOpenPhoto.ts';
import { usePhotoUploads } from './usePhotoUploads.ts';

interface PhotoSectionProps {
  home: PhotoHomeRef;
  /** A story's cover or a person's portrait: the photo chosen as stored (null: none chosen). */
  choice?: { role: PhotoRole; storedId: number | null };
  /** Below the photos, given them (a story's "use the date taken" offer). */
  children?: (photos: readonly Photo[]) => ReactNode;
}

/**
 * The photos of a story, recording, person or place: add from the camera or the gallery
 * (several at once, each with its progress or its reason), the thumbnails in order (moved
 * by drag, keyboard or the full-size view's buttons), the cover or portrait marked, and
 * each opened full size for its caption, choice, "Tell me about this picture" and delete.
 */
export function PhotoSection({ home, choice, children }: PhotoSectionProps) {
  const { t } = useTranslation('photos');
  const errorText = useErrorText();
  const photos = usePhotos(home);
  const list = photos.data ?? [];
  const uploads = usePhotoUploads(home);
  const update = useUpdatePhoto(home);
  const choose = useChoosePhoto(home);
  const remove = useDeletePhoto(home);
  const viewer = useOpenPhoto();
  const [deleting, setDeleting] = useState<Photo | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const hintId = useId();
  const chosen = choice ? { role: choice.role, id: shownChoice(choice.role, list, choice.storedId) } : null;
  const openPhoto = viewer.openId === null ? undefined : list.find((photo) => photo.id === viewer.openId);

  const move = (photo: Photo, position: number) => {
    if (position < 0 || position >= list.length) return;
    setAnnouncement(t('reorder.moved', { position: position + 1, total: list.length }));
    update.mutate(
      { id: photo.id, patch: { position } },
      { onError: (error) => toast({ title: t('reorder.failed'), description: errorText(error), variant: 'destructive' }) },
    );
  };
  const chooseAs = (photoId: number | null) =>
    choose.mutate(photoId, {
      onSuccess: () => toast({ title: t(photoId === null ? 'chosen.portraitCleared' : `chosen.${choice?.role ?? 'cover'}Saved`) }),
      onError: (error) => toast({ title: t('chosen.failed'), description: errorText(error), variant: 'destructive' }),
    });
  const confirmDelete = () => {
    if (!deleting) return;
    const gone = deleting;
    remove.mutate(gone.id, {
      onSuccess: () => {
        setDeleting(null);
        if (viewer.openId === gone.id) viewer.close();
        toast({ title: t('delete.done') });
      },
      onError: (error) => toast({ title: t('delete.failed'), description: errorText(error), variant: 'destructive' }),
    });
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-stone-50">
          {t('title')}
        </h2>
        <Button variant="secondary" onClick={() => picker.current?.click()} aria-describedby={hintId}>
          <ImagePlus aria-hidden className="size-4" />
          {t('add')}
        </Button>
        {/* The phone offers its camera or its gallery for this picker. */}
        <input
          ref={picker}
          type="file"
          accept={PHOTO_ACCEPT}
          multiple
          hidden
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // Cleared, so the same photo can be picked again after a failure.
            event.target.value = '';
            if (files.length > 0) uploads.add(files);
          }}
        />
      </div>
      <p id={hintId} className="-mt-2 text-sm text-stone-400">
        {t('addHint')}
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>

      <PhotoUploads items={uploads.items} onRetry={uploads.retry} onDismiss={uploads.dismiss} />

      {photos.isPending ? (
        <div aria-busy="true" aria-label={t('loading')} className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <div key={index} className="aspect-square animate-pulse rounded-lg bg-stone-900" />
          ))}
        </div>
      ) : photos.isError ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-red-400/30 bg-red-950/40 p-3 text-sm text-red-100">
          {t('loadFailed')}
          <Button variant="secondary" onClick={() => void photos.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        uploads.items.length === 0 && <p className="rounded-xl border border-stone-800 p-4 text-sm text-stone-400">{t('empty')}</p>
      ) : (
        <SortablePhotos photos={list} chosen={chosen} onOpen={(photo) => viewer.open(photo.id)} onMove={move} disabled={update.isPending} />
      )}

      {children?.(list)}

      {openPhoto && (
        <PhotoViewer
          key={openPhoto.id}
          home={home}
          photos={list}
          photo={openPhoto}
          chosen={chosen}
          onClose={viewer.close}
          onShow={(photo) => viewer.show(photo.id)}
          onMove={move}
          onChoose={chooseAs}
          choosing={choose.isPending}
          onDelete={setDeleting}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('delete.title')}
        description={deleting?.caption ? t('delete.descriptionNamed', { caption: deleting.caption }) : t('delete.description')}
        confirmLabel={t('delete.confirm')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        destructive
      />
    </section>
  );
}
