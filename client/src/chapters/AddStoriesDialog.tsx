import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useChapters, useMoveStoryToChapter, type Chapter } from '../api/chapters.ts';
import { storiesQuery } from '../api/stories.ts';
import { hasRealTitle } from '../api/storyProgress.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { Button, focusRing } from '../ui/Button.tsx';
import { Input } from '../ui/Input.tsx';
import { LoadFailed } from '../ui/ListStates.tsx';
import { ModalDialog } from '../ui/ModalDialog.tsx';
import { toast } from '../ui/toastStore.ts';
import { useChapterFailure } from './chapterErrors.ts';
import { pickableStories } from './storyPicker.ts';

interface AddStoriesDialogProps {
  chapter: Chapter;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Puts stories in a chapter from the chapter view: the stories not in it, searchable by
 * title, at most 50 listed at once; each Add is PATCH /api/stories/{id}/chapter.
 */
export function AddStoriesDialog({ chapter, open, onOpenChange }: AddStoriesDialogProps) {
  const { t } = useTranslation('chapters');
  const { t: tStory } = useTranslation('story');
  const language = useLanguage();
  const stories = useQuery({ ...storiesQuery(language), enabled: open });
  const chapters = useChapters();
  const move = useMoveStoryToChapter();
  const failed = useChapterFailure();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const picked = pickableStories(stories.data ?? [], chapter.id, query);
  const chapterTitle = (id: number) => chapters.data?.find((c) => c.id === id)?.title;
  const titleOf = (story: { title: string }) => (hasRealTitle(story) ? story.title : tStory('placeholders.title'));

  const add = (storyId: number, title: string) =>
    move.mutate(
      { storyId, chapterId: chapter.id },
      {
        onSuccess: () => toast({ title: t('toast.movedIn', { title: chapter.title }), description: title }),
        onError: (error) => failed('moveFailed', error),
      },
    );

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setQuery('');
        onOpenChange(next);
      }}
      title={t('picker.title', { title: chapter.title })}
      description={t('picker.description')}
    >
      <div className="grid gap-4">
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            {t('picker.search')}
          </label>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500" />
          <Input
            id={searchId}
            type="search"
            value={query}
            placeholder={t('picker.search')}
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
            className="pl-9"
          />
        </div>

        {stories.isPending ? (
          <p role="status" className="text-sm text-stone-400">
            {t('picker.loading')}
          </p>
        ) : stories.isError ? (
          <LoadFailed message={t('chapter.storiesLoadFailed')} retryLabel={t('retry')} onRetry={() => void stories.refetch()} />
        ) : picked.available === 0 ? (
          <p className="text-sm text-stone-400">{t('picker.allIn')}</p>
        ) : picked.total === 0 ? (
          <p role="status" className="text-sm text-stone-400">
            {t('picker.noMatch', { query: query.trim() })}
          </p>
        ) : (
          <>
            <ul aria-label={t('picker.listLabel')} className="grid max-h-[45dvh] gap-2 overflow-y-auto pr-1">
              {picked.shown.map((story) => {
                const title = titleOf(story);
                const where =
                  story.chapterId === null
                    ? t('picker.unassigned')
                    : chapterTitle(story.chapterId)
                      ? t('picker.inOther', { title: chapterTitle(story.chapterId) })
                      : t('picker.inOtherChapter');
                const busy = move.isPending && move.variables?.storyId === story.id;
                return (
                  <li key={story.id} className="flex items-center gap-2 rounded-lg border border-stone-800 bg-stone-950/60 py-1 pr-1 pl-3">
                    <span className="grid min-w-0 flex-1">
                      <span className="truncate text-sm font-medium text-stone-50">{title}</span>
                      <span className="truncate text-xs text-stone-400">{where}</span>
                    </span>
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => add(story.id, title)}
                      aria-label={t('picker.add', { title })}
                      className={`rounded-full p-2.5 text-amber-300 hover:bg-stone-800 disabled:opacity-50 ${focusRing}`}
                    >
                      <Plus aria-hidden className="size-5" />
                    </button>
                  </li>
                );
              })}
            </ul>
            {picked.total > picked.shown.length && (
              <p className="text-xs text-stone-400">{t('picker.more', { shown: picked.shown.length, total: picked.total })}</p>
            )}
          </>
        )}

        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('picker.done')}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
