import { useEffect, useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { ArrowLeft, ArrowRight, CalendarDays, ChevronLeft, ChevronRight, ExternalLink, MapPinOff, Mic, PenLine, Star, Trash2, UserRound, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PHOTO_CAPTION_MAX } from '../../../contract/photos.ts';
import type { Photo, PhotoHomeRef } from '../api/photos.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { Button, buttonClasses, focusRing } from '../ui/Button.tsx';
import { EditorLeaveDialog, type EditorLeaveChoice } from '../ui/EditorLeaveDialog.tsx';
import type { PhotoRole } from './photoChoice.ts';
import { aboutPhotoLink } from './photoLinks.ts';
import { photoName } from './photoName.ts';
import { useCaptionEditor } from './useCaptionEditor.tsx';

interface PhotoViewerProps {
  home: PhotoHomeRef;
  photos: readonly Photo[];
  photo: Photo;
  /** The cover or portrait, when this home has one. */
  chosen: { role: PhotoRole; id: number | null } | null;
  onClose: () => void;
  /** Shows another of the photos in place of this one. */
  onShow: (photo: Photo) => void;
  onMove: (photo: Photo, position: number) => void;
  /** Chooses this photo as the cover or portrait (null: stops using it as the portrait). */
  onChoose: (photoId: number | null) => void;
  choosing: boolean;
  onDelete: (photo: Photo) => void;
}

/**
 * A photo full size over the page, with everything done to one photo: its caption (edited
 * in place, guarded as every editor is), the date taken, cover or portrait, its place in
 * the order, "Tell me about this picture", the original, and delete (which asks first).
 */
export function PhotoViewer({ home, photos, photo, chosen, onClose, onShow, onMove, onChoose, choosing, onDelete }: PhotoViewerProps) {
  const { t } = useTranslation('photos');
  const language = useLanguage();
  const caption = useCaptionEditor(home, photo);
  const [asking, setAsking] = useState(false);
  const [closing, setClosing] = useState(false);
  const fieldId = useId();
  const index = photos.findIndex((candidate) => candidate.id === photo.id);
  const position = index + 1;
  const name = photoName(t, photo, position, photos.length);
  const isChosen = chosen?.id === photo.id;

  // Closed once the editor holds nothing unsaved: the page's guard must see the saved or discarded state first.
  useEffect(() => {
    if (closing && !caption.dirty) {
      setClosing(false);
      onClose();
    }
  }, [closing, caption.dirty, onClose]);

  const requestClose = () => (caption.dirty ? setAsking(true) : onClose());
  const answer = async (choice: EditorLeaveChoice) => {
    if (choice === 'save' && (await caption.save())) setClosing(true);
    else if (choice === 'discard') {
      caption.discard();
      setClosing(true);
    }
    setAsking(false);
  };
  const step = (by: number) => {
    const next = photos[index + by];
    if (next && !caption.dirty) onShow(next);
    else if (next) setAsking(true);
  };

  return (
    <>
      {caption.guard}
      <Dialog.Root open onOpenChange={(open) => !open && requestClose()}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/90" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-0 z-[55] overflow-y-auto bg-stone-950 text-stone-100 focus:outline-none"
            onKeyDown={(event) => {
              // Arrows step through the photos, except while typing a caption.
              if (caption.draft !== null) return;
              if (event.key === 'ArrowLeft') step(-1);
              if (event.key === 'ArrowRight') step(1);
            }}
          >
            <div className="mx-auto grid max-w-2xl gap-4 p-4 pb-10">
              <header className="flex items-center justify-between gap-2">
                <Dialog.Title className="min-w-0 truncate text-base font-semibold text-stone-50">
                  {t('viewer.title', { position, total: photos.length })}
                </Dialog.Title>
                <Dialog.Close aria-label={t('viewer.close')} className={clsx('rounded-full p-2.5 text-stone-200 hover:bg-stone-800', focusRing)}>
                  <X aria-hidden className="size-5" />
                </Dialog.Close>
              </header>

              <div className="relative">
                <img
                  src={photo.urls.display}
                  alt={photo.caption || t('viewer.alt', { position })}
                  width={photo.width}
                  height={photo.height}
                  className="mx-auto max-h-[65dvh] w-auto max-w-full rounded-lg bg-stone-900 object-contain"
                />
                {photos.length > 1 && (
                  <div className="mt-2 flex justify-between">
                    <Button variant="ghost" onClick={() => step(-1)} disabled={index === 0} aria-label={t('viewer.previous')}>
                      <ChevronLeft aria-hidden className="size-5" />
                    </Button>
                    <Button variant="ghost" onClick={() => step(1)} disabled={index === photos.length - 1} aria-label={t('viewer.next')}>
                      <ChevronRight aria-hidden className="size-5" />
                    </Button>
                  </div>
                )}
              </div>

              {caption.offer}
              {caption.draft === null ? (
                <div className="grid justify-items-start gap-1">
                  {photo.caption ? (
                    <p className="text-lg whitespace-pre-line text-stone-50">{photo.caption}</p>
                  ) : (
                    <p className="text-sm text-stone-400">{t('caption.none')}</p>
                  )}
                  <Button variant="ghost" className="-ml-2" onClick={caption.edit}>
                    <PenLine aria-hidden className="size-4" />
                    {photo.caption ? t('caption.edit') : t('caption.add')}
                  </Button>
                </div>
              ) : (
                <form
                  className="grid gap-2"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void caption.save();
                  }}
                >
                  <label htmlFor={fieldId} className="text-sm font-medium text-stone-200">
                    {t('caption.label')}
                  </label>
                  <textarea
                    id={fieldId}
                    value={caption.draft}
                    autoFocus
                    rows={3}
                    onChange={(event) => caption.change(event.target.value)}
                    onKeyDown={(event) => {
                      // Escape is Cancel here (which asks when there is a change), not "close the photo".
                      if (event.key !== 'Escape') return;
                      event.preventDefault();
                      event.stopPropagation();
                      if (caption.dirty) setAsking(true);
                      else caption.discard();
                    }}
                    aria-invalid={caption.tooLong || undefined}
                    className={clsx('w-full rounded-lg border border-stone-600 bg-stone-950 p-3 text-stone-50', focusRing)}
                  />
                  <p className={clsx('text-xs', caption.tooLong ? 'text-red-200' : 'text-stone-400')}>
                    {t('caption.count', { length: caption.draft.trim().length, max: PHOTO_CAPTION_MAX })}
                  </p>
                  <div className="flex gap-2">
                    <Button type="submit" disabled={!caption.dirty || caption.tooLong || caption.saving}>
                      {caption.saving ? t('caption.saving') : t('caption.save')}
                    </Button>
                    <Button variant="ghost" onClick={() => (caption.dirty ? setAsking(true) : caption.discard())} disabled={caption.saving}>
                      {t('caption.cancel')}
                    </Button>
                  </div>
                </form>
              )}

              {(photo.takenOn || photo.hasLocation || photo.contributorName) && (
                <ul className="grid gap-1 text-sm text-stone-300">
                  {photo.contributorName && (
                    <li className="flex items-center gap-2">
                      <UserRound aria-hidden className="size-4 shrink-0 text-amber-300" />
                      {t('addedBy', { name: photo.contributorName })}
                    </li>
                  )}
                  {photo.takenOn && (
                    <li className="flex items-center gap-2">
                      <CalendarDays aria-hidden className="size-4 shrink-0 text-amber-300" />
                      {t('takenOn', { date: formatDate(`${photo.takenOn}T12:00:00`, language, { dateStyle: 'long' }) })}
                    </li>
                  )}
                  {photo.hasLocation && (
                    <li className="flex items-start gap-2">
                      <MapPinOff aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-400" />
                      {t('locationKept')}
                    </li>
                  )}
                </ul>
              )}

              <div className="grid gap-2">
                <Link to={aboutPhotoLink(photo.id)} className={buttonClasses('primary')}>
                  <Mic aria-hidden className="size-4" />
                  {t('tellAbout')}
                </Link>
                {chosen && (
                  <ChooseButton role={chosen.role} isChosen={isChosen} pending={choosing} onChoose={() => onChoose(isChosen ? null : photo.id)} />
                )}
                {photos.length > 1 && (
                  <div className="grid grid-cols-2 gap-2">
                    <Button variant="secondary" onClick={() => onMove(photo, index - 1)} disabled={index === 0}>
                      <ArrowLeft aria-hidden className="size-4" />
                      {t('viewer.moveEarlier')}
                    </Button>
                    <Button variant="secondary" onClick={() => onMove(photo, index + 1)} disabled={index === photos.length - 1}>
                      {t('viewer.moveLater')}
                      <ArrowRight aria-hidden className="size-4" />
                    </Button>
                  </div>
                )}
                {photo.urls.original && (
                  <a href={photo.urls.original} target="_blank" rel="noopener" className={buttonClasses('ghost')}>
                    <ExternalLink aria-hidden className="size-4" />
                    {t('viewer.original')}
                  </a>
                )}
                <Button variant="ghost" onClick={() => onDelete(photo)} className="text-red-300 hover:text-red-200" aria-label={t('delete.named', { name })}>
                  <Trash2 aria-hidden className="size-4" />
                  {t('delete.link')}
                </Button>
              </div>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <EditorLeaveDialog open={asking} purpose="cancel" saving={caption.saving} onChoose={(choice) => void answer(choice)} />
    </>
  );
}

function ChooseButton({ role, isChosen, pending, onChoose }: { role: PhotoRole; isChosen: boolean; pending: boolean; onChoose: () => void }) {
  const { t } = useTranslation('photos');
  // A story always has a cover (its first photo when none is chosen): the chosen one only says so.
  if (isChosen && role === 'cover') {
    return (
      <p className="flex min-h-11 items-center justify-center gap-2 text-sm text-amber-200">
        <Star aria-hidden className="size-4 fill-current" />
        {t('chosen.isCover')}
      </p>
    );
  }
  return (
    <Button variant="secondary" onClick={onChoose} disabled={pending}>
      <Star aria-hidden className={clsx('size-4', isChosen && 'fill-current text-amber-200')} />
      {isChosen ? t('chosen.stopPortrait') : t(role === 'cover' ? 'chosen.useAsCover' : 'chosen.useAsPortrait')}
    </Button>
  );
}
