import { Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useAutobiography, type AutobiographyDetail } from '../api/autobiographies.ts';
import { usePrintBook } from '../api/printBook.ts';
import { ApiRequestError } from '../api/request.ts';
import { BOOKS_HOME, bookPath } from '../autobiography/bookPaths.ts';
import { DetailLoading, DetailMessage } from '../shell/DetailStates.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { parseRouteId } from '../shell/routeId.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { ListeningLinksCard } from './ListeningLinksCard.tsx';
import { PrintForm } from './PrintForm.tsx';
import { PrintStatus } from './PrintStatus.tsx';

/**
 * /collections/books/:autobiographyId/print: the autobiography as a book to print. Its print
 * as it is (laid out page by page, failed, or ready with the two PDFs and a preview), the
 * choices for the next one, and the book's listening links.
 */
export function PrintBookPage() {
  const { t } = useTranslation('print');
  const id = parseRouteId(useParams().autobiographyId);
  const book = useAutobiography(id);
  const back = id === null ? BOOKS_HOME : bookPath(id);

  if (id === null || (book.error instanceof ApiRequestError && book.error.status === 404)) {
    return <DetailMessage text={t('notFound')} backTo={BOOKS_HOME} backLabel={t('backToBiography')} />;
  }
  if (book.error) return <DetailMessage text={t('loadFailed')} backTo={back} backLabel={t('backToBook')} />;
  if (!book.data) return <DetailLoading lines={6} backTo={back} />;
  if (book.data.status !== 'generated') return <DetailMessage text={t('notWritten')} backTo={back} backLabel={t('backToBook')} />;
  return <PrintBody book={book.data} />;
}

function PrintBody({ book }: { book: AutobiographyDetail }) {
  const { t } = useTranslation('print');
  const print = usePrintBook(book.id);

  return (
    <div className="grid gap-6">
      <div>
        <PageHeader title={t('title')} backTo={bookPath(book.id)} />
        <p className="-mt-4 text-sm text-stone-400" lang={book.language}>
          {book.title}
        </p>
      </div>
      {print.data ? (
        <>
          {print.data.state !== 'none' && (
            <Card title={t('status.title')} icon={<Printer aria-hidden className="size-5" />}>
              <PrintStatus print={print.data} />
            </Card>
          )}
          <Card title={print.data.state === 'none' ? t('form.titleFirst') : t('form.titleAgain')} description={t('form.description')}>
            <PrintForm bookId={book.id} print={print.data} />
          </Card>
          {print.data.state !== 'none' && <ListeningLinksCard bookId={book.id} />}
        </>
      ) : print.isError ? (
        <div role="alert" className="grid justify-items-start gap-3">
          <p className="text-sm text-red-100">{t('printLoadFailed')}</p>
          <Button variant="secondary" onClick={() => void print.refetch()}>
            {t('form.retry')}
          </Button>
        </div>
      ) : (
        <div aria-busy="true" aria-label={t('loading')} className="h-40 animate-pulse rounded-2xl bg-stone-800" />
      )}
    </div>
  );
}
