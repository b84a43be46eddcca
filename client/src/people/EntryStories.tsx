import { BookOpen, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useEntryStories, type EntryKind } from '../api/people.ts';
import { hasRealTitle } from '../api/storyProgress.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { backState } from '../shell/backTarget.ts';
import { Button, focusRing } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { LoadFailed, LoadingRows } from '../ui/ListStates.tsx';

/**
 * The stories that mention a person or place (named in a story, or in a recording linked to
 * them): a card each with title and date, newest first, a page at a time behind "Show more".
 * A card opens the story; its Back returns here.
 */
export function EntryStories({ kind, id }: { kind: EntryKind; id: number }) {
  const { t } = useTranslation('people');
  const { t: tStory } = useTranslation('story');
  const language = useLanguage();
  const { pathname } = useLocation();
  const stories = useEntryStories(kind, id);
  const list = stories.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card title={t('stories.title')} icon={<BookOpen aria-hidden className="size-4 text-amber-300" />}>
      {stories.isPending ? (
        <LoadingRows label={t('stories.loading')} rowClassName="h-16" />
      ) : stories.isError && list.length === 0 ? (
        <LoadFailed message={t('stories.loadFailed')} retryLabel={t('stories.retry')} onRetry={() => void stories.refetch()} />
      ) : list.length === 0 ? (
        <p className="py-2 text-sm text-stone-400">{kind === 'person' ? t('stories.emptyPerson') : t('stories.emptyPlace')}</p>
      ) : (
        <div className="grid gap-3">
          <ul className="grid gap-2">
            {list.map((story) => (
              <li key={story.id}>
                <Link
                  to={`/library/${story.id}`}
                  state={backState(pathname)}
                  className={`flex items-center gap-3 rounded-xl border border-stone-800 bg-stone-900 px-4 py-3 hover:bg-stone-800/60 ${focusRing}`}
                >
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="text-base font-medium break-words text-stone-50">
                      {hasRealTitle(story) ? story.title : tStory('placeholders.title')}
                    </span>
                    <span className="text-sm text-stone-400">{formatDate(story.createdAt, language)}</span>
                  </span>
                  <ChevronRight aria-hidden className="size-5 shrink-0 text-stone-500" />
                </Link>
              </li>
            ))}
          </ul>
          {stories.hasNextPage && (
            <Button variant="secondary" className="justify-self-start" onClick={() => void stories.fetchNextPage()} disabled={stories.isFetchingNextPage}>
              {t('stories.showMore')}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
