import { useState } from 'react';
import { BookMarked, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useChapters, useReorderChapters } from '../api/chapters.ts';
import { Button } from '../ui/Button.tsx';
import { EmptyState, LoadFailed, LoadingRows } from '../ui/ListStates.tsx';
import { AddChapterDialog } from './AddChapterDialog.tsx';
import { useChapterFailure } from './chapterErrors.ts';
import { chapterPath } from './chapterPaths.ts';
import { SortableChapters } from './SortableChapters.tsx';

/**
 * The chapters on the Biography screen (spec 2, Collections): each with its story count and
 * reading time, in the person's order (drag or keyboard), and the add-chapter form.
 */
export function ChapterList() {
  const { t } = useTranslation('chapters');
  const navigate = useNavigate();
  const chapters = useChapters();
  const reorder = useReorderChapters();
  const failed = useChapterFailure();
  const [adding, setAdding] = useState(false);
  const list = chapters.data ?? [];
  const nextOrderIndex = list.length === 0 ? 0 : Math.max(...list.map((chapter) => chapter.orderIndex)) + 1;

  return (
    <section aria-labelledby="chapters-heading" className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <div>
          <h2 id="chapters-heading" className="text-lg font-semibold text-stone-50">
            {t('heading')}
          </h2>
          <p className="text-sm text-stone-400">{t('intro')}</p>
        </div>
        {list.length > 0 && (
          <Button variant="secondary" onClick={() => setAdding(true)} className="shrink-0">
            <Plus aria-hidden className="size-4" />
            {t('add')}
          </Button>
        )}
      </div>

      {chapters.isPending ? (
        <LoadingRows label={t('loading')} rowClassName="h-[4.25rem]" list />
      ) : chapters.isError ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void chapters.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<BookMarked aria-hidden className="size-10 text-amber-300" />}
          title={t('empty.title')}
          description={t('empty.description')}
          action={
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden className="size-4" />
              {t('add')}
            </Button>
          }
        />
      ) : (
        <SortableChapters
          chapters={list}
          // One move's PATCHes finish before the next move starts, so none lands out of turn.
          disabled={reorder.isPending}
          onReorder={(ordered) => reorder.mutate(ordered, { onError: (error) => failed('reorderFailed', error) })}
        />
      )}

      <AddChapterDialog
        open={adding}
        onOpenChange={setAdding}
        orderIndex={nextOrderIndex}
        onCreated={(id) => navigate(chapterPath(id))}
      />
    </section>
  );
}
