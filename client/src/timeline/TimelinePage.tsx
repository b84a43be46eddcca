import { useId } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { CalendarRange, Loader2, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { TimelineYearDto } from '../../../contract/library.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { RecordMemoryLink } from '../recordings/RecordMemoryLink.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { hasRealTitle } from '../api/storyProgress.ts';
import { focusRing } from '../ui/Button.tsx';
import { EmptyState, LoadFailed, LoadingRows } from '../ui/ListStates.tsx';
import { temporalLabel } from '../time/temporalLabel.ts';
import { ListMore } from '../lists/ListMore.tsx';
import { useKeptScroll } from '../lists/useKeptScroll.ts';
import { joinTimelinePages, timelineQuery } from './timelineApi.ts';
import { CoverThumb } from '../photos/CoverThumb.tsx';

type TimelineEntry = TimelineYearDto['stories'][number];

/**
 * The timeline (spec 2): stories by year, newest first, each with its time, first place and a
 * two-line excerpt; a page at a time as the end comes near (and Show more).
 */
export function TimelinePage() {
  const { t } = useTranslation('timeline');
  const timeline = useInfiniteQuery(timelineQuery());
  const years = timeline.data ? joinTimelinePages(timeline.data.pages) : [];
  useKeptScroll(timeline.isSuccess);

  return (
    <>
      <PageHeader title={t('title')} />
      {timeline.isPending ? (
        <LoadingRows label={t('loading')} rowClassName="h-24" />
      ) : timeline.isError ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void timeline.refetch()} />
      ) : years.length === 0 ? (
        <EmptyState
          icon={<CalendarRange aria-hidden className="size-10 text-amber-300" />}
          title={t('empty.title')}
          description={t('empty.description')}
          action={<RecordMemoryLink label={t('empty.record')} />}
        />
      ) : (
        <>
          <div className="grid gap-8">
            {years.map((group) => (
              <YearGroup key={group.year} group={group} />
            ))}
          </div>
          <ListMore
            hasMore={timeline.hasNextPage}
            loading={timeline.isFetchingNextPage}
            failed={timeline.isFetchNextPageError}
            onMore={() => void timeline.fetchNextPage()}
          />
        </>
      )}
    </>
  );
}

function YearGroup({ group }: { group: TimelineYearDto }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sticky top-0 z-10 mb-3 bg-stone-950/95 py-1 text-xl font-semibold text-amber-200 backdrop-blur">
        {group.year}
      </h2>
      <ol className="relative grid gap-3 border-l border-stone-800 pl-5">
        {group.stories.map((entry) => (
          <TimelineItem key={entry.id} entry={entry} />
        ))}
      </ol>
    </section>
  );
}

function TimelineItem({ entry }: { entry: TimelineEntry }) {
  const { t } = useTranslation('timeline');
  const language = useLanguage();
  const title = hasRealTitle(entry) ? entry.title : t('placeholders.title', { ns: 'story' });
  const when =
    entry.placedBy === 'created'
      ? t('addedNoTime', { date: formatDate(entry.createdAt, language) })
      : (temporalLabel(entry, language) ?? t('unknownTime'));
  const cover = entry.coverThumbUrl;

  return (
    <li className="relative">
      <span aria-hidden className="absolute top-5 -left-[1.6rem] size-2.5 rounded-full bg-amber-300" />
      <Link
        to={`/library/${entry.id}`}
        className={clsx('flow-root rounded-xl border border-stone-800 bg-stone-900 p-4 hover:bg-stone-800/70', focusRing)}
      >
        {cover && <CoverThumb url={cover} className="float-right ml-3" />}
        <p className={clsx('text-sm', entry.placedBy === 'created' ? 'text-stone-400 italic' : 'text-amber-200')}>{when}</p>
        <p className="mt-1 font-medium text-stone-50">
          {title}
        </p>
        {entry.firstLocation && (
          <p className="mt-1 flex items-center gap-1 text-sm text-stone-400">
            <MapPin aria-hidden className="size-3.5" />
            {entry.firstLocation}
          </p>
        )}
        {entry.processingStatus === 'processing' ? (
          <p className="mt-2 flex items-center gap-1 text-sm text-stone-400">
            <Loader2 aria-hidden className="size-3.5 animate-spin" />
            {t('processing')}
          </p>
        ) : (
          entry.excerpt && <p className="mt-2 line-clamp-2 text-sm text-stone-300">{entry.excerpt}</p>
        )}
      </Link>
    </li>
  );
}
