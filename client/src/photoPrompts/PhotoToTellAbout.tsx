import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { photoUrl } from '../../../contract/photos.ts';
import { usePhotoPrompt } from '../api/photoPrompts.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';

/**
 * The photo a recording or a conversation is about, shown above its controls: the display
 * copy, its caption and the day the camera recorded. A photo that cannot be read (deleted,
 * not the person's) says so; the person can still record.
 */
export function PhotoToTellAbout({ photoId, compact = false }: { photoId: number; compact?: boolean }) {
  const { t } = useTranslation('photoPrompt');
  const language = useLanguage();
  const photo = usePhotoPrompt(photoId);
  const [broken, setBroken] = useState(false);
  if (photo.isError || broken) {
    return (
      <p role="status" className="flex w-full items-center gap-2 rounded-2xl border border-stone-700 bg-stone-900 p-4 text-sm text-stone-300">
        <ImageOff aria-hidden className="size-4 shrink-0" />
        {t('missing')}
      </p>
    );
  }
  const caption = photo.data?.caption.trim();
  // The camera's day, as written: no time zone moves it.
  const day = photo.data?.takenOn ? formatDate(`${photo.data.takenOn}T00:00:00Z`, language, { dateStyle: 'long', timeZone: 'UTC' }) : null;
  return (
    <figure className="grid w-full justify-items-center gap-2" data-testid="photo-to-tell-about">
      <img
        src={photoUrl(photoId, 'display')}
        alt={caption ? t('altWithCaption', { caption }) : t('alt')}
        onError={() => setBroken(true)}
        className={`${compact ? 'max-h-[22dvh]' : 'max-h-[40dvh]'} w-auto max-w-full rounded-2xl border border-stone-800 bg-stone-900 object-contain`}
      />
      {(caption || day) && (
        <figcaption className="text-center text-sm text-stone-300">
          {caption}
          {caption && day ? ' · ' : ''}
          {day && <span className="text-stone-400">{t('takenOn', { day })}</span>}
        </figcaption>
      )}
    </figure>
  );
}
