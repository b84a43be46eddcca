import { useEffect, useId, useRef, useState } from 'react';
import clsx from 'clsx';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CoAuthorPhoto } from '../../../contract/co-author.ts';
import { PHOTO_ACCEPT, PHOTO_CAPTION_MAX } from '../../../contract/photos.ts';
import { useDeleteCoAuthorPhoto, useUploadCoAuthorPhotos } from '../api/coAuthor.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { Button, focusRing } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Field } from '../ui/Input.tsx';
import { toast } from '../ui/toastStore.ts';
import type { StoredContributor } from './contributorStore.ts';

interface CoAuthorPhotosProps {
  token: string;
  photos: CoAuthorPhoto[];
  contributor: StoredContributor;
  /** The person has no name yet: ask for it (adding and deleting need it, like recordings). */
  onNeedName: (reason: 'photos' | 'deletePhoto') => void;
  /** The server gave this browser its key with its first contribution. */
  onKey: (key: string) => void;
  /** Photos are chosen but not sent: leaving the page asks first. */
  onPendingChange: (pending: boolean) => void;
}

/**
 * The story's photos on the co-author page (the cover first), a relative's under their
 * name; the person adds their own (camera or gallery, several at once, one optional
 * caption) and deletes those they added from this browser, after being asked.
 */
export function CoAuthorPhotos({ token, photos, contributor, onNeedName, onKey, onPendingChange }: CoAuthorPhotosProps) {
  const { t } = useTranslation('coAuthor');
  const errorText = useErrorText();
  const upload = useUploadCoAuthorPhotos(token);
  const remove = useDeleteCoAuthorPhoto(token);
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const [caption, setCaption] = useState('');
  const [deleting, setDeleting] = useState<CoAuthorPhoto | null>(null);
  const headingId = useId();
  const pending = chosen.length > 0;
  useEffect(() => onPendingChange(pending), [pending, onPendingChange]);

  const choose = () => {
    if (!contributor.name) return onNeedName('photos');
    input.current?.click();
  };

  const send = async () => {
    if (!contributor.name) return onNeedName('photos');
    try {
      const result = await upload.mutateAsync({ files: chosen, caption, contributorName: contributor.name, contributorKey: contributor.key });
      if (result.contributorKey !== contributor.key) onKey(result.contributorKey);
      toast({ title: t('photos.added', { count: result.photos.length }) });
      setChosen([]);
      setCaption('');
    } catch (error) {
      // The choice and the caption stay: the person can try again or cancel.
      toast({ title: t('photos.addFailed'), description: errorText(error), variant: 'destructive' });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    if (!contributor.name) {
      setDeleting(null);
      return onNeedName('deletePhoto');
    }
    try {
      await remove.mutateAsync({ id: deleting.id, contributorName: contributor.name, contributorKey: contributor.key });
      toast({ title: t('photos.deleted') });
    } catch (error) {
      toast({ title: t('photos.deleteFailed'), description: errorText(error), variant: 'destructive' });
    }
    setDeleting(null);
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-stone-50">
        {t('photos.title')}
      </h2>
      {photos.length === 0 && <p className="text-sm text-stone-400">{t('photos.empty')}</p>}
      {photos.length > 0 && (
        <ul className="grid grid-cols-2 gap-3">
          {photos.map((photo, index) => (
            <li key={photo.id} className="grid content-start gap-1.5">
              <a href={photo.urls.display} target="_blank" rel="noreferrer" className={clsx('block overflow-hidden rounded-lg bg-stone-900', focusRing)}>
                {/* The link's name: the caption, else the photo's place, so an uncaptioned one is still named. */}
                <img
                  src={photo.urls.thumb}
                  alt={photo.caption || t('photos.number', { position: index + 1, total: photos.length })}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  className="aspect-square w-full object-cover"
                />
              </a>
              {photo.caption && <p className="text-sm text-stone-200">{photo.caption}</p>}
              {photo.contributorName && <p className="text-xs text-stone-400">{t('photos.by', { name: photo.contributorName })}</p>}
              {photo.mine && (
                <Button variant="ghost" onClick={() => setDeleting(photo)} className="-ml-2 justify-self-start text-red-300 hover:text-red-200">
                  <Trash2 aria-hidden className="size-4" />
                  {t('photos.delete')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple
        hidden
        data-testid="co-author-photo-input"
        onChange={(event) => {
          setChosen([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {chosen.length === 0 ? (
        <div className="grid justify-items-start gap-2">
          <p className="text-sm text-stone-300">{t('photos.hint')}</p>
          <Button variant="secondary" onClick={choose}>
            <ImagePlus aria-hidden className="size-4" />
            {t('photos.add')}
          </Button>
        </div>
      ) : (
        <form
          className="grid gap-3 rounded-xl border border-stone-800 bg-stone-900/70 p-4"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <p className="text-sm text-stone-200">{t('photos.chosen', { count: chosen.length })}</p>
          <Field
            label={t('photos.caption')}
            hint={t('photos.captionHint')}
            maxLength={PHOTO_CAPTION_MAX}
            value={caption}
            onChange={(event) => setCaption(event.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={upload.isPending}>
              {upload.isPending ? t('photos.sending') : t('photos.send', { count: chosen.length })}
            </Button>
            <Button
              variant="ghost"
              disabled={upload.isPending}
              onClick={() => {
                setChosen([]);
                setCaption('');
              }}
            >
              {t('photos.cancel')}
            </Button>
          </div>
        </form>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('photos.confirmDelete.title')}
        description={t('photos.confirmDelete.description')}
        confirmLabel={t('photos.confirmDelete.confirm')}
        onConfirm={() => void confirmDelete()}
        pending={remove.isPending}
        destructive
      />
    </section>
  );
}
