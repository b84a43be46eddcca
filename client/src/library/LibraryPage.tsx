import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { BookOpen, CalendarRange } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { RecordingsWithoutStoryLink } from '../recordings/RecordingsWithoutStoryLink.tsx';
import { RecordMemoryLink } from '../recordings/RecordMemoryLink.tsx';
import { WaitingForEngine } from '../recordings/WaitingForEngine.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { LibrarySearchBox, LibrarySearchResults, useLibrarySearchWords } from '../search/LibrarySearch.tsx';
import { loadedItems } from '../api/pagination.ts';
import { storyCountsQuery, storyListQuery, useStoriesBeingWritten } from '../api/stories.ts';
import { buttonClasses, focusRing } from '../ui/Button.tsx';
import { EmptyState, LoadFailed, LoadingRows } from '../ui/ListStates.tsx';
import { filterStories, LIBRARY_FILTERS, parseLibraryFilter, processingIds, type LibraryFilter } from './libraryFilter.ts';
import { ListMore } from '../lists/ListMore.tsx';
import { StoryRow } from './StoryRow.tsx';
import { useKeptScroll } from '../lists/useKeptScroll.ts';

/**
 * The library (spec 2): All / In Collections / Unassigned with their counts, the stories
 * newest first a page at a time (infinite scroll, and Show more), a way to the timeline;
 * a story being written is re-read every 5 s.
 */
export function LibraryPage() {
  const { t } = useTranslation('library');
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseLibraryFilter(searchParams.get('filter'));
  const searchWords = useLibrarySearchWords();
  const stories = useInfiniteQuery(storyListQuery(filter));
  const counts = useQuery(storyCountsQuery());

  const choose = (next: LibraryFilter) =>
    setSearchParams(next === 'all' ? {} : { filter: next }, { replace: true });
  const results = searchWords ? <LibrarySearchResults words={searchWords} /> : null;

  const loaded = loadedItems(stories.data);
  // The server filters; filtering again keeps an older, unfiltered server's answer right.
  const shown = filterStories(loaded, filter);
  useStoriesBeingWritten(processingIds(loaded));
  const { returning } = useKeptScroll(stories.isSuccess && !results);
  const rowCount = useFirstScreenful(shown.length, returning);
  const noStoriesAtAll = counts.data ? counts.data.all === 0 : filter === 'all' && shown.length === 0 && !stories.hasNextPage;

  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Link to="/timeline" className={buttonClasses('ghost')}>
            <CalendarRange aria-hidden className="size-4" />
            {t('timeline')}
          </Link>
        }
      />
      <LibrarySearchBox />
      {results}
      <div hidden={results !== null} role="group" aria-label={t('filters.label')} className="mb-5 flex flex-wrap gap-1.5">
        {LIBRARY_FILTERS.map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={filter === key}
            onClick={() => choose(key)}
            className={clsx(
              'inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors',
              focusRing,
              filter === key
                ? 'border-amber-300 bg-amber-300 text-stone-950'
                : 'border-stone-700 bg-stone-900 text-stone-200 hover:bg-stone-800',
            )}
          >
            {t(`filters.${key}`)}{' '}
            <span
              className={clsx(
                'min-w-6 rounded-full px-1.5 text-center text-xs',
                filter === key ? 'bg-stone-950/15' : 'bg-stone-800 text-stone-300',
              )}
            >
              {counts.data ? counts.data[key] : '–'}
            </span>
          </button>
        ))}
      </div>

      {results ? null : <RecordingsWithoutStoryLink />}
      {results ? null : stories.isPending ? (
        <LoadingRows label={t('loading')} rowClassName="h-[4.5rem]" list />
      ) : stories.isError ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void stories.refetch()} />
      ) : shown.length === 0 && noStoriesAtAll ? (
        <EmptyLibrary />
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-stone-800 p-6 text-center text-stone-400">{t(`empty.${filter}`)}</p>
      ) : (
        <>
          <WaitingForEngine stories={shown} className="mb-3" />
          <ul aria-label={t('listLabel')} className="grid gap-3">
            {shown.slice(0, rowCount).map((story) => (
              <StoryRow key={story.id} story={story} />
            ))}
          </ul>
          <ListMore
            hasMore={stories.hasNextPage && rowCount === shown.length}
            loading={stories.isFetchingNextPage}
            failed={stories.isFetchNextPageError}
            onMore={() => void stories.fetchNextPage()}
          />
        </>
      )}
    </>
  );
}

/** Rows a phone shows at once: the first paint makes only these (on a slow phone, 50 rows are a long first frame). */
const FIRST_ROWS = 12;

/** How many rows to make: the first screenful, then, a frame after the first paint, all (`all`: all at once). */
function useFirstScreenful(count: number, all: boolean): number {
  const [rest, setRest] = useState(all);
  useEffect(() => {
    if (rest || count <= FIRST_ROWS) return;
    const frame = requestAnimationFrame(() => setTimeout(() => setRest(true), 0));
    return () => cancelAnimationFrame(frame);
  }, [rest, count]);
  return rest ? count : Math.min(count, FIRST_ROWS);
}

function EmptyLibrary() {
  const { t } = useTranslation('library');
  return (
    <EmptyState
      icon={<BookOpen aria-hidden className="size-10 text-amber-300" />}
      title={t('empty.title')}
      description={t('empty.description')}
      action={<RecordMemoryLink label={t('empty.record')} />}
    />
  );
}
