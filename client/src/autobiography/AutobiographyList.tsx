import { AlertTriangle, BookOpen, CheckCircle2, Loader2, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAutobiographies, type AutobiographySummary } from '../api/autobiographies.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { buttonClasses, focusRing } from '../ui/Button.tsx';
import { EmptyState, LoadFailed, LoadingRows } from '../ui/ListStates.tsx';
import { bookPath, NEW_BOOK_PATH } from './bookPaths.ts';
import { chapterInProgress } from './bookStatus.ts';

/** The generated autobiographies on the Biography screen (spec 2, Collections): title, date and state; and the way to a new one. */
export function AutobiographyList() {
  const { t } = useTranslation('autobiography');
  const language = useLanguage();
  const books = useAutobiographies();
  const list = books.data ?? [];

  return (
    <section aria-labelledby="books-heading" className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <div>
          <h2 id="books-heading" className="text-lg font-semibold text-stone-50">
            {t('heading')}
          </h2>
          <p className="text-sm text-stone-400">{t('intro')}</p>
        </div>
        {list.length > 0 && (
          <Link to={NEW_BOOK_PATH} className={buttonClasses('secondary', 'shrink-0')}>
            <Plus aria-hidden className="size-4" />
            {t('new')}
          </Link>
        )}
      </div>

      {books.isPending ? (
        <LoadingRows label={t('loading')} rowClassName="h-[4.25rem]" list />
      ) : books.isError ? (
        <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void books.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<BookOpen aria-hidden className="size-10 text-amber-300" />}
          title={t('empty.title')}
          description={t('empty.description')}
          action={
            <Link to={NEW_BOOK_PATH} className={buttonClasses('primary')}>
              <Plus aria-hidden className="size-4" />
              {t('new')}
            </Link>
          }
        />
      ) : (
        <ul aria-label={t('listLabel')} className="grid gap-3">
          {list.map((book) => (
            <li key={book.id}>
              <Link to={bookPath(book.id)} className={`block rounded-xl border border-stone-800 bg-stone-900 px-4 py-3 hover:bg-stone-800/60 ${focusRing}`}>
                <span className="block truncate text-base font-medium text-stone-50">{book.title}</span>
                <span className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-stone-400">
                  <span>{formatDate(book.createdAt, language)}</span>
                  <BookState book={book} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Ready, failed, or which chapter is being written. */
export function BookState({ book }: { book: AutobiographySummary }) {
  const { t } = useTranslation('autobiography');
  if (book.status === 'processing') {
    return (
      <span className="flex items-center gap-1 text-amber-200">
        <Loader2 aria-hidden className="size-3.5 animate-spin" />
        {t('status.processing', chapterInProgress(book.progress))}
      </span>
    );
  }
  if (book.status === 'failed') {
    return (
      <span className="flex items-center gap-1 text-red-300">
        <AlertTriangle aria-hidden className="size-3.5" />
        {t('status.failed')}
      </span>
    );
  }
  return (
    <span className="flex items-center gap-1 text-emerald-300">
      <CheckCircle2 aria-hidden className="size-3.5" />
      {t('status.generated')}
    </span>
  );
}
