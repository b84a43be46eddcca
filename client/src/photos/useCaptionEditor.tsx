import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../api/currentUser.ts';
import { useUpdatePhoto, type Photo, type PhotoHomeRef } from '../api/photos.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { toast } from '../ui/toastStore.ts';
import { useGuardedEditor } from '../ui/useGuardedEditor.tsx';
import { captionTooLong, isCaptionChange } from './captionEdit.ts';

/**
 * A photo's caption being edited, guarded as every editor is (decision 032): while it holds
 * a change, leaving the page asks (Save, Discard, Stay), a reload offers it back. `draft` is
 * null while the caption is only read.
 */
export function useCaptionEditor(home: PhotoHomeRef, photo: Photo | null) {
  const { t } = useTranslation('photos');
  const errorText = useErrorText();
  const update = useUpdatePhoto(home);
  const [draft, setDraft] = useState<string | null>(null);
  const stored = photo?.caption ?? '';
  const dirty = draft !== null && draft.trim() !== stored.trim();

  /** Saves the caption; false when it was not saved (the toast or the field says why). */
  const save = () =>
    new Promise<boolean>((resolve) => {
      if (!photo || draft === null || !isCaptionChange(draft, stored)) return resolve(!dirty);
      update.mutate(
        { id: photo.id, patch: { caption: draft.trim() } },
        {
          onSuccess: () => {
            setDraft(null);
            toast({ title: t('caption.saved') });
            resolve(true);
          },
          onError: (error) => {
            toast({ title: t('caption.saveFailed'), description: errorText(error), variant: 'destructive' });
            resolve(false);
          },
        },
      );
    });

  const { guard, offer } = useGuardedEditor({
    ownerId: useCurrentUser().data?.id ?? null,
    draftKey: `photo:${photo?.id ?? 'none'}:caption`,
    value: draft,
    dirty,
    save,
    discard: () => setDraft(null),
    restore: setDraft,
    isStored: (kept) => kept.trim() === stored.trim(),
  });

  return {
    draft,
    dirty,
    tooLong: draft !== null && captionTooLong(draft),
    saving: update.isPending,
    edit: () => setDraft(stored),
    change: setDraft,
    save,
    discard: () => setDraft(null),
    guard,
    offer,
  };
}
