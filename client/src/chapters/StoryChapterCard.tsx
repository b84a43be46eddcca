import { useId } from 'react';
import { BookMarked, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StoryDto } from '../../../contract/library.ts';
import { useChapter, useChapters, useMoveStoryToChapter } from '../api/chapters.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { Card } from '../ui/Card.tsx';
import { buttonClasses, focusRing } from '../ui/Button.tsx';
import { LoadFailed } from '../ui/ListStates.tsx';
import { Select, type SelectOption } from '../ui/Select.tsx';
import { toast } from '../ui/toastStore.ts';
import { useChapterFailure } from './chapterErrors.ts';
import { CHAPTERS_HOME, chapterPath } from './chapterPaths.ts';

const NONE = 'none';

/** The story's chapter on story detail: shown, opened, or changed to another or none (PATCH /api/stories/{id}/chapter). */
export function StoryChapterCard({ story }: { story: StoryDto }) {
  const { t } = useTranslation('chapters');
  const language = useLanguage();
  const chapters = useChapters();
  const listed = chapters.data?.find((chapter) => chapter.id === story.chapterId);
  // A chapter in the other language is not in the list: read it by itself.
  const current = useChapter(story.chapterId !== null && chapters.data && !listed ? story.chapterId : null);
  const chapter = listed ?? (story.chapterId !== null ? current.data : undefined);
  const move = useMoveStoryToChapter();
  const failed = useChapterFailure();
  const selectId = useId();

  const options: SelectOption<string>[] = [
    { value: NONE, label: t('storyCard.none') },
    ...(chapters.data ?? []).map((c) => ({ value: String(c.id), label: c.title })),
    ...(chapter && !listed ? [{ value: String(chapter.id), label: chapter.title }] : []),
  ];

  const choose = (value: string) => {
    const chapterId = value === NONE ? null : Number(value);
    if (chapterId === story.chapterId) return;
    const title = options.find((option) => option.value === value)?.label ?? '';
    move.mutate(
      { storyId: story.id, chapterId },
      {
        onSuccess: () => toast({ title: chapterId === null ? t('toast.movedOut') : t('toast.movedIn', { title }) }),
        onError: (error) => failed('moveFailed', error),
      },
    );
  };

  const noChapters = chapters.isSuccess && chapters.data.length === 0 && story.chapterId === null;
  return (
    <Card title={t('storyCard.title')} icon={<BookMarked aria-hidden className="size-4 text-amber-300" />}>
      {chapters.isError ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void chapters.refetch()} />
      ) : noChapters ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-stone-400">{t('storyCard.noChapters')}</p>
          <Link to={CHAPTERS_HOME} className={buttonClasses('secondary')}>
            {t('storyCard.create')}
          </Link>
        </div>
      ) : (
        <div className="grid gap-3">
          <label htmlFor={selectId} className="sr-only">
            {t('storyCard.label')}
          </label>
          <Select
            id={selectId}
            value={story.chapterId === null ? NONE : String(story.chapterId)}
            options={options}
            onValueChange={choose}
            disabled={move.isPending || !chapters.data}
          />
          {move.isPending && (
            <p role="status" className="text-sm text-stone-400">
              {t('storyCard.saving')}
            </p>
          )}
          {chapter && (
            <Link to={chapterPath(chapter.id)} className={`flex w-fit items-center gap-1 rounded text-sm text-amber-200 hover:text-amber-100 ${focusRing}`}>
              {t('storyCard.open', { title: chapter.title })}
              <ChevronRight aria-hidden className="size-4" />
            </Link>
          )}
        </div>
      )}
    </Card>
  );
}
