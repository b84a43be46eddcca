import { Image, MessageCircle, Mic } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePhotoPrompts } from '../api/photoPrompts.ts';
import { conversationLink } from '../conversation/conversationLink.ts';
import { recordingLink } from '../recordings/recordingLink.ts';
import { buttonClasses } from '../ui/Button.tsx';

/**
 * The interviewer's photo prompts (issue 27): the person's photos with no story yet, each
 * with "Tell me about this picture" (the recorder, showing the photo) and a conversation
 * about it. Nothing shows when every photo has its story.
 */
export function PhotoPrompts() {
  const { t } = useTranslation('photoPrompt');
  const prompts = usePhotoPrompts();
  if (!prompts.data?.length) return null;
  return (
    <section aria-labelledby="photo-prompts" className="grid gap-3">
      <h2 id="photo-prompts" className="flex items-center gap-2 text-lg font-semibold text-stone-50">
        <Image aria-hidden className="size-5 text-amber-300" />
        {t('interviewer.title')}
      </h2>
      <p className="-mt-1 text-sm text-stone-400">{t('interviewer.description')}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {prompts.data.map((photo) => {
          const caption = photo.caption.trim() || t('untitled');
          return (
            <li key={photo.id} className="grid grid-cols-[5rem_1fr] gap-3 rounded-2xl border border-stone-800 bg-stone-900/70 p-3">
              <img src={photo.thumbUrl} alt="" loading="lazy" className="size-20 rounded-xl bg-stone-800 object-cover" />
              <div className="grid min-w-0 content-start gap-2">
                <p className="line-clamp-2 text-sm text-stone-100">{caption}</p>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={recordingLink({ aboutPhotoId: photo.id })}
                    aria-label={t('tellAbout', { caption })}
                    className={buttonClasses('secondary', 'min-h-9 px-3 py-1.5 text-sm')}
                  >
                    <Mic aria-hidden className="size-4" />
                    {t('tell')}
                  </Link>
                  <Link
                    to={conversationLink({ aboutPhotoId: photo.id })}
                    aria-label={t('talkAbout', { caption })}
                    className={buttonClasses('secondary', 'min-h-9 px-3 py-1.5 text-sm')}
                  >
                    <MessageCircle aria-hidden className="size-4" />
                    {t('talk')}
                  </Link>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
