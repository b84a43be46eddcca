import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { Clock, Hourglass, Loader2, MoreVertical, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { storyPendingWork } from '../../../contract/engines.ts';
import type { StorySummaryDto } from '../../../contract/library.ts';
import { TIMINGS } from '../../../contract/timings.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { useAwaitedEngine } from '../api/engines.ts';
import { hasRealTitle } from '../api/storyProgress.ts';
import { focusRing } from '../ui/Button.tsx';
import { DeleteStoryDialog } from '../stories/DeleteStoryDialog.tsx';
import { useSwipeReveal } from './useSwipeReveal.ts';
import { CoverThumb } from '../photos/CoverThumb.tsx';
import { OnlyMeMark } from '../familyCircle/OnlyMeMark.tsx';

/**
 * A story in the library: title, date, reading time and whether it is being written; the
 * row opens the story. Swipe left (or the actions button, for keyboards) reveals Delete.
 */
export function StoryRow({ story }: { story: StorySummaryDto }) {
  const { t } = useTranslation('library');
  const language = useLanguage();
  const swipe = useSwipeReveal();
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const actionsButton = useRef<HTMLButtonElement>(null);
  const openedByButton = useRef(false);
  const processing = story.processingStatus === 'processing';
  const waiting = useAwaitedEngine(storyPendingWork({ processingStatus: story.processingStatus, hasText: story.excerpt.trim() !== '' })) !== null;
  const title = hasRealTitle(story) ? story.title : t('placeholders.title', { ns: 'story' });
  const cover = story.coverThumbUrl;

  // Opened from the actions button: Delete takes the focus, so the keyboard goes on from there.
  useEffect(() => {
    if (swipe.open && openedByButton.current) deleteButton.current?.focus();
    openedByButton.current = false;
  }, [swipe.open]);

  return (
    <li
      className="relative overflow-hidden rounded-xl border border-stone-800 bg-stone-900"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && swipe.open && !confirming) {
          swipe.setOpen(false);
          actionsButton.current?.focus();
        }
      }}
    >
      <div
        className="absolute inset-y-0 right-0 flex items-stretch justify-end bg-red-700"
        style={{ width: TIMINGS.swipeMaxPx }}
        inert={!swipe.open}
      >
        <button
          ref={deleteButton}
          type="button"
          onClick={() => setConfirming(true)}
          aria-label={t('row.delete', { title })}
          className={clsx('flex flex-col items-center justify-center gap-1 text-xs font-medium text-white', focusRing)}
          style={{ width: TIMINGS.swipeOpenPx }}
        >
          <Trash2 aria-hidden className="size-5" />
          {t('row.deleteShort')}
        </button>
      </div>
      <div
        {...swipe.handlers}
        style={{ transform: `translateX(${-swipe.reveal}px)`, touchAction: 'pan-y' }}
        className={clsx('relative flex items-center bg-stone-900', !swipe.dragging && 'transition-transform duration-200')}
      >
        <Link
          to={`/library/${story.id}`}
          draggable={false}
          className={clsx('flex min-w-0 flex-1 items-center gap-3 rounded-xl px-4 py-3 select-none hover:bg-stone-800/60', focusRing, cover && 'pl-3')}
        >
          {cover && <CoverThumb url={cover} />}
          <span className="min-w-0 flex-1">
            <span className="block truncate text-base font-medium text-stone-50">
              {title}
            </span>
            <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-400">
              <span>{formatDate(story.createdAt, language)}</span>
              <span className="flex items-center gap-1">
                <Clock aria-hidden className="size-3.5" />
                {t('row.readingTime', { count: story.readingMinutes })}
              </span>
              {waiting ? (
                <span className="flex items-center gap-1 text-amber-200">
                  <Hourglass aria-hidden className="size-3.5" />
                  {t('waiting.short', { ns: 'recordings' })}
                </span>
              ) : (
                processing && (
                  <span className="flex items-center gap-1 text-amber-200">
                    <Loader2 aria-hidden className="size-3.5 animate-spin" />
                    {t('row.processing')}
                  </span>
                )
              )}
              {story.processingStatus === 'draft' && <span className="text-stone-300">{t('row.draft')}</span>}
              {story.onlyMe && <OnlyMeMark />}
            </span>
          </span>
        </Link>
        <button
          ref={actionsButton}
          type="button"
          aria-label={t('row.actions', { title })}
          aria-expanded={swipe.open}
          onClick={() => {
            openedByButton.current = !swipe.open;
            swipe.setOpen(!swipe.open);
          }}
          className={clsx('mr-1 rounded-full p-2.5 text-stone-400 hover:bg-stone-800 hover:text-stone-100', focusRing)}
        >
          <MoreVertical aria-hidden className="size-5" />
        </button>
      </div>
      {/* Made only when asked for: a page of rows does not build 50 closed dialogs before its first paint. */}
      {confirming && (
        <DeleteStoryDialog
          storyId={story.id}
          title={title}
          open
          onOpenChange={(open) => {
            setConfirming(open);
            if (!open) swipe.setOpen(false);
          }}
        />
      )}
    </li>
  );
}
