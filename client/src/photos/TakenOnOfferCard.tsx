import { useState } from 'react';
import { CalendarDays } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../../../contract/storage-keys.ts';
import type { Photo } from '../api/photos.ts';
import { useSaveStoryTime, type Story } from '../api/stories.ts';
import { useErrorText } from '../api/useErrorText.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { Button } from '../ui/Button.tsx';
import { deviceStore } from '../ui/editorDrafts.ts';
import { toast } from '../ui/toastStore.ts';
import { takenOnOffer } from './takenOnOffer.ts';

/** Photos whose date the person turned down as a story's time, on this device. */
function readDeclined(): Set<number> {
  try {
    const ids = JSON.parse(deviceStore()?.getItem(STORAGE_KEYS.photoDatesDeclined) ?? '[]') as unknown;
    return new Set(Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : []);
  } catch {
    return new Set();
  }
}

function writeDeclined(ids: Set<number>): void {
  try {
    deviceStore()?.setItem(STORAGE_KEYS.photoDatesDeclined, JSON.stringify([...ids]));
  } catch {
    // A refused storage: the offer comes back on the next visit, nothing worse.
  }
}

/**
 * "Taken on 12 June 1974: use as this story's time?": a photo's date offered while the story
 * has no time of its own. Nothing changes until the person presses the button (the story's
 * time is saved as that day, with the same call as the time editor); "Not now" hides it for that photo.
 */
export function TakenOnOfferCard({ story, photos }: { story: Story; photos: readonly Photo[] }) {
  const { t } = useTranslation('photos');
  const language = useLanguage();
  const errorText = useErrorText();
  const save = useSaveStoryTime(story.id);
  const [declined, setDeclined] = useState(readDeclined);
  const [today] = useState(() => new Date());
  const offer = takenOnOffer(story, photos, declined, today);
  if (!offer) return null;

  const date = formatDate(`${offer.takenOn}T12:00:00`, language, { dateStyle: 'long' });
  const decline = () => {
    const next = new Set(declined).add(offer.photoId);
    writeDeclined(next);
    setDeclined(next);
  };
  const accept = () =>
    save.mutate(offer.fields, {
      onSuccess: () => toast({ title: t('dateOffer.saved', { date }) }),
      onError: (error) => toast({ title: t('dateOffer.failed'), description: errorText(error), variant: 'destructive' }),
    });

  return (
    <div className="grid gap-3 rounded-xl border border-amber-300/40 bg-amber-300/10 p-4">
      <p className="flex items-start gap-2 text-sm text-amber-50">
        <CalendarDays aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-300" />
        {t('dateOffer.question', { date })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={accept} disabled={save.isPending}>
          {t('dateOffer.use')}
        </Button>
        <Button variant="ghost" onClick={decline} disabled={save.isPending}>
          {t('dateOffer.notNow')}
        </Button>
      </div>
    </div>
  );
}
