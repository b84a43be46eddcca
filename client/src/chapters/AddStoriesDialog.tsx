import { useId, useState } from 'react';
import { Plus, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useChapters, useChapterStories, useMoveStoryToChapter, type Chapter } from '../api/chapters.ts';
import { hasRealTitle } from '../api/storyProgress.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { ListMore } from '../lists/ListMore.tsx';
import { useStoryChoices, type StoryChoice } from '../lists/useStoryChoices.ts';
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
 * Puts stories in a chapter from the chapter view: the newest stories not in it a page at a
 * time (Show more), or what the server's search finds for the words typed; each Add is
 * PATCH /api/stories/{id}/chapter.
 */
export function AddStoriesDialog({ chapter, open, onOpenChange }: AddStoriesDialogProps) {
  const { t } = useTranslation('chapters');
  const { t: tStory } = useTranslation('story');
  const language = useLanguage();
  const [query, setQuery] = useState('');
  const stories = useStoryChoices(query, open);
  const inChapter = useChapterStories(chapter.id);
  const chapters = useChapters();
  const move = useMoveStoryToChapter();
  const failed = useChapterFailure();
  const searchId = useId();
  const picked = pickableStories(stories.choices, chapter.id, new Set((inChapter.data ?? []).map((story) => story.id)));
  const chapterTitle = (id: number) => chapters.data?.find((c) => c.id === id)?.title;
  const whereIs = (story: StoryChoice) =>
    story.chapterId === undefined
      ? formatDate(story.createdAt, language)
      : story.chapterId === null
        ? t('picker.unassigned')
        : chapterTitle(story.chapterId)
          ? t('picker.inOther', { title: chapterTitle(story.chapterId) })
          : t('picker.inOtherChapter');
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
          <LoadFailed message={t('chapter.storiesLoadFailed')} retryLabel={t('retry')} onRetry={stories.retry} />
        ) : picked.length === 0 && !stories.hasMore ? (
          stories.words === '' ? (
            <p className="text-sm text-stone-400">{t('picker.allIn')}</p>
          ) : (
            <p role="status" className="text-sm text-stone-400">
              {t('picker.noMatch', { query: stories.words })}
            </p>
          )
        ) : (
          <div className="grid max-h-[50dvh] gap-2 overflow-y-auto pr-1">
            <ul aria-label={t('picker.listLabel')} className="grid gap-2">
              {picked.map((story) => {
                const title = titleOf(story);
                const busy = move.isPending && move.variables?.storyId === story.id;
                return (
                  <li key={story.id} className="flex items-center gap-2 rounded-lg border border-stone-800 bg-stone-950/60 py-1 pr-1 pl-3">
                    <span className="grid min-w-0 flex-1">
                      <span className="truncate text-sm font-medium text-stone-50">{title}</span>
                      <span className="truncate text-xs text-stone-400">{whereIs(story)}</span>
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
            <ListMore hasMore={stories.hasMore} loading={stories.loadingMore} failed={stories.moreFailed} onMore={stories.loadMore} auto={false} />
          </div>
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
