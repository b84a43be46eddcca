import { useState } from 'react';
import { Clock, Loader2, Pencil, Plus, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { StorySummaryDto } from '../../../contract/library.ts';
import { useChapterStories, useMoveStoryToChapter, type Chapter } from '../api/chapters.ts';
import { hasRealTitle } from '../api/storyProgress.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { Button, buttonClasses, focusRing } from '../ui/Button.tsx';
import { LoadFailed, LoadingRows } from '../ui/ListStates.tsx';
import { toast } from '../ui/toastStore.ts';
import { AddStoriesDialog } from './AddStoriesDialog.tsx';
import { useChapterFailure } from './chapterErrors.ts';
import { DeleteChapterDialog } from './DeleteChapterDialog.tsx';
import { RouteChapter } from './RouteChapter.tsx';
import { CHAPTERS_HOME, chapterEditPath, storyInChapterPath } from './chapterPaths.ts';
import { KeepChapterOffline } from '../offlineReading/KeepChapterOffline.tsx';

/** /collections/chapters/:chapterId: a chapter and its stories; each opens story detail with a way back here. */
export function ChapterPage() {
  return (
    <RouteChapter loadingLines={5} loadingBackTo={() => CHAPTERS_HOME}>
      {(chapter) => <ChapterBody chapter={chapter} />}
    </RouteChapter>
  );
}

function ChapterBody({ chapter }: { chapter: Chapter }) {
  const { t } = useTranslation('chapters');
  const navigate = useNavigate();
  const stories = useChapterStories(chapter.id);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);

  return (
    <div className="grid gap-6">
      <div>
        <PageHeader
          title={chapter.title}
          backTo={CHAPTERS_HOME}
          actions={
            <Link to={chapterEditPath(chapter.id)} className={buttonClasses('ghost')}>
              <Pencil aria-hidden className="size-4" />
              {t('chapter.edit')}
            </Link>
          }
        />
        <p className="-mt-4 text-sm text-stone-400">
          {t('row.stories', { count: chapter.storyCount })}
          {chapter.storyCount > 0 && <> · {t('row.readingTime', { count: chapter.readingMinutes })}</>}
        </p>
        {chapter.description && <p className="mt-3 whitespace-pre-line text-stone-300">{chapter.description}</p>}
      </div>

      <section aria-labelledby="chapter-stories" className="grid gap-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="chapter-stories" className="text-lg font-semibold text-stone-50">
            {t('chapter.storiesHeading')}
          </h2>
          <Button variant="secondary" onClick={() => setAdding(true)}>
            <Plus aria-hidden className="size-4" />
            {t('chapter.addStories')}
          </Button>
        </div>
        {stories.isPending ? (
          <LoadingRows label={t('chapter.storiesLoading')} rowClassName="h-[4.5rem]" list />
        ) : stories.isError ? (
          <LoadFailed message={t('chapter.storiesLoadFailed')} retryLabel={t('retry')} onRetry={() => void stories.refetch()} />
        ) : stories.data.length === 0 ? (
          <p className="rounded-xl border border-stone-800 p-6 text-center text-stone-400">{t('chapter.noStories')}</p>
        ) : (
          <ol aria-labelledby="chapter-stories" className="grid gap-3">
            {stories.data.map((story) => (
              <ChapterStoryRow key={story.id} story={story} chapterId={chapter.id} />
            ))}
          </ol>
        )}
      </section>

      {chapter.storyCount > 0 && <KeepChapterOffline chapterId={chapter.id} />}

      <div className="border-t border-stone-800 pt-4">
        <Button variant="ghost" onClick={() => setDeleting(true)} className="-ml-2 text-red-300 hover:text-red-200">
          <Trash2 aria-hidden className="size-4" />
          {t('edit.delete')}
        </Button>
      </div>

      <AddStoriesDialog chapter={chapter} open={adding} onOpenChange={setAdding} />
      <DeleteChapterDialog chapter={chapter} open={deleting} onOpenChange={setDeleting} onDeleted={() => navigate(CHAPTERS_HOME)} />
    </div>
  );
}

/** A story of the chapter: opens story detail (whose back returns here); X takes it out of the chapter. */
function ChapterStoryRow({ story, chapterId }: { story: StorySummaryDto; chapterId: number }) {
  const { t } = useTranslation('chapters');
  const { t: tStory } = useTranslation('story');
  const { t: tLibrary } = useTranslation('library');
  const language = useLanguage();
  const move = useMoveStoryToChapter();
  const failed = useChapterFailure();
  const title = hasRealTitle(story) ? story.title : tStory('placeholders.title');
  return (
    <li className="flex items-center rounded-xl border border-stone-800 bg-stone-900">
      <Link to={storyInChapterPath(story.id, chapterId)} className={`min-w-0 flex-1 rounded-xl px-4 py-3 hover:bg-stone-800/60 ${focusRing}`}>
        <span className="block truncate text-base font-medium text-stone-50">{title}</span>
        <span className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-stone-400">
          <span>{formatDate(story.createdAt, language)}</span>
          <span className="flex items-center gap-1">
            <Clock aria-hidden className="size-3.5" />
            {tLibrary('row.readingTime', { count: story.readingMinutes })}
          </span>
          {story.processingStatus === 'processing' && (
            <span className="flex items-center gap-1 text-amber-200">
              <Loader2 aria-hidden className="size-3.5 animate-spin" />
              {tLibrary('row.processing')}
            </span>
          )}
        </span>
      </Link>
      <button
        type="button"
        disabled={move.isPending}
        aria-label={t('chapter.remove', { title })}
        onClick={() =>
          move.mutate(
            { storyId: story.id, chapterId: null },
            { onSuccess: () => toast({ title: t('toast.movedOut'), description: title }), onError: (error) => failed('moveFailed', error) },
          )
        }
        className={`mr-1 rounded-full p-2.5 text-stone-400 hover:bg-stone-800 hover:text-stone-100 disabled:opacity-50 ${focusRing}`}
      >
        <X aria-hidden className="size-5" />
      </button>
    </li>
  );
}
