import { Mic } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { loadedItems } from '../api/pagination.ts';
import { useRecordingsWithoutStory } from '../api/recordings.ts';
import { ListMore } from '../lists/ListMore.tsx';
import { useKeptScroll } from '../lists/useKeptScroll.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { EmptyState, LoadFailed, LoadingRows } from '../ui/ListStates.tsx';
import { RecordingCard } from './RecordingCard.tsx';
import { RecordMemoryLink } from './RecordMemoryLink.tsx';

/**
 * /library/recordings: the recordings in no story, kept when the person left the recorder
 * or decided later, or taken out of their story. Each opens its detail, where it can join
 * a story. A page at a time as the end comes near (and Show more).
 */
export function RecordingsWithoutStoryPage() {
  const { t } = useTranslation('recordings');
  const recordings = useRecordingsWithoutStory();
  const shown = loadedItems(recordings.data);
  useKeptScroll(recordings.isSuccess);

  return (
    <>
      <PageHeader title={t('withoutStory.title')} />
      <p className="mb-5 text-sm text-stone-400">{t('withoutStory.description')}</p>
      {recordings.isPending ? (
        <LoadingRows label={t('withoutStory.loading')} rowClassName="h-24" list />
      ) : recordings.isError ? (
        <LoadFailed message={t('withoutStory.loadFailed')} retryLabel={t('withoutStory.retry')} onRetry={() => void recordings.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<Mic aria-hidden className="size-10 text-amber-300" />}
          title={t('withoutStory.emptyTitle')}
          description={t('withoutStory.emptyDescription')}
          action={<RecordMemoryLink label={t('withoutStory.record')} />}
        />
      ) : (
        <>
          <ul aria-label={t('withoutStory.title')} className="grid gap-3">
            {shown.map((recording) => (
              <li key={recording.id}>
                <RecordingCard recording={recording} to={`/library/recordings/${recording.id}`} />
              </li>
            ))}
          </ul>
          <ListMore
            hasMore={recordings.hasNextPage}
            loading={recordings.isFetchingNextPage}
            failed={recordings.isFetchNextPageError}
            onMore={() => void recordings.fetchNextPage()}
          />
        </>
      )}
    </>
  );
}
