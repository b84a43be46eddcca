import { useEffect, useId, useState } from 'react';
import clsx from 'clsx';
import { Search, SearchX, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { SEARCH_QUERY_MAX, snippetParts, type SearchResultDto } from '../../../contract/search.ts';
import { searchWords, useStorySearch } from '../api/search.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { buttonClasses, focusRing } from '../ui/Button.tsx';
import { LoadFailed, LoadingRows } from '../ui/ListStates.tsx';
import { useDebounced } from './useDebounced.ts';

/** How long typing rests before the words are looked up. */
const TYPING_REST_MS = 250;

/** The library's search words live in the address (`?q=`), so Back from a story returns to them. */
export function useLibrarySearchWords(): string {
  const [params] = useSearchParams();
  return searchWords(params.get('q') ?? '');
}

/** The search box: typing settles into `?q=` after a short rest; clearing it returns to the library. */
export function LibrarySearchBox() {
  const { t } = useTranslation('search');
  const [params, setParams] = useSearchParams();
  const inAddress = params.get('q') ?? '';
  const [text, setText] = useState(inAddress);
  const settled = useDebounced(text, TYPING_REST_MS);

  // Back and Forward change the address: the box follows it.
  useEffect(() => setText((current) => (searchWords(current) === searchWords(inAddress) ? current : inAddress)), [inAddress]);

  useEffect(() => {
    if (searchWords(settled) === searchWords(inAddress)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (searchWords(settled)) next.set('q', searchWords(settled));
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
    // Only a settled change writes the address (a change from Back is followed above).
  }, [settled]);

  const clear = () => {
    setText('');
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('q');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div role="search" className="relative mb-4">
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400" />
      <input
        type="search"
        value={text}
        maxLength={SEARCH_QUERY_MAX}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => event.key === 'Escape' && clear()}
        aria-label={t('label')}
        placeholder={t('placeholder')}
        enterKeyHint="search"
        className={clsx(
          'min-h-11 w-full rounded-full border border-stone-700 bg-stone-900 pr-11 pl-9 text-base text-stone-50 placeholder:text-stone-500',
          '[&::-webkit-search-cancel-button]:hidden',
          focusRing,
        )}
      />
      {text !== '' && (
        <button
          type="button"
          onClick={clear}
          aria-label={t('clear')}
          className={clsx('absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-stone-300 hover:bg-stone-800', focusRing)}
        >
          <X aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
}

/** The stories matching the words, best first, the matched words marked. */
export function LibrarySearchResults({ words }: { words: string }) {
  const { t } = useTranslation('search');
  const search = useStorySearch(words);

  if (search.isPending) return <LoadingRows label={t('searching')} rowClassName="h-24" list />;
  if (search.isError) return <LoadFailed message={t('failed')} retryLabel={t('retry')} onRetry={() => void search.refetch()} />;
  const results = search.data.pages.flatMap((page) => page.results);
  if (results.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-stone-800 p-8 text-center">
        <SearchX aria-hidden className="size-8 text-stone-500" />
        <p className="font-medium text-stone-100">{t('empty.title', { words })}</p>
        <p className="text-sm text-stone-400">{t('empty.description')}</p>
      </div>
    );
  }
  return (
    <>
      <ul aria-label={t('resultsLabel', { words })} className={clsx('grid gap-3', search.isPlaceholderData && 'opacity-60')}>
        {results.map((result) => (
          <SearchResultRow key={result.storyId} result={result} />
        ))}
      </ul>
      {search.hasNextPage && (
        <button
          type="button"
          onClick={() => void search.fetchNextPage()}
          disabled={search.isFetchingNextPage}
          className={buttonClasses('secondary', 'mt-4 w-full')}
        >
          {search.isFetchingNextPage ? t('loadingMore') : t('more')}
        </button>
      )}
    </>
  );
}

function SearchResultRow({ result }: { result: SearchResultDto }) {
  const { t } = useTranslation('search');
  const language = useLanguage();
  const titleId = useId();
  return (
    <li className="rounded-xl border border-stone-800 bg-stone-900">
      <Link
        to={`/library/${result.storyId}`}
        aria-labelledby={titleId}
        className={clsx('block rounded-xl px-4 py-3 hover:bg-stone-800/60', focusRing)}
      >
        <span id={titleId} className="block truncate text-base font-medium text-stone-50">
          {result.title.trim() || t('untitled')}
        </span>
        <span className="mt-0.5 block text-sm text-stone-400">{formatDate(result.createdAt, language)}</span>
        {result.snippet && (
          <span className="mt-2 line-clamp-3 block text-sm leading-relaxed text-stone-300">
            {snippetParts(result.snippet).map((part, index) =>
              part.match ? (
                <mark key={index} className="rounded-sm bg-amber-300/25 px-0.5 text-amber-100">
                  {part.text}
                </mark>
              ) : (
                <span key={index}>{part.text}</span>
              ),
            )}
          </span>
        )}
      </Link>
    </li>
  );
}
