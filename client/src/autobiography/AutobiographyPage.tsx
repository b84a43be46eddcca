import { useEffect, useRef, useState } from 'react';
import { AlertTriangle, CheckCircle2, Circle, Download, Loader2, Printer, RotateCcw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { AiErrorCode } from '../../../contract/ai-errors.ts';
import { EXPORT_FORMATS, exportPath } from '../../../contract/autobiography.ts';
import { useAutobiography, useDeleteAutobiography, useRetryAutobiography, type AutobiographyDetail } from '../api/autobiographies.ts';
import { ApiRequestError } from '../api/request.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatDate } from '../i18n/format.ts';
import { DetailLoading, DetailMessage } from '../shell/DetailStates.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { parseRouteId } from '../shell/routeId.ts';
import { Button, buttonClasses, focusRing } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { toast } from '../ui/toastStore.ts';
import { useBookFailure } from './bookErrors.ts';
import { BOOKS_HOME, printBookPath } from './bookPaths.ts';
import { chapterInProgress } from './bookStatus.ts';
import { chapterHtml } from './chapterHtml.ts';

/** /collections/books/:autobiographyId: reading an autobiography, its progress while written, its downloads. */
export function AutobiographyPage() {
  const { t } = useTranslation('autobiography');
  const id = parseRouteId(useParams().autobiographyId);
  const book = useAutobiography(id);

  if (id === null || (book.error instanceof ApiRequestError && book.error.status === 404)) {
    return <DetailMessage text={t('book.notFound')} backTo={BOOKS_HOME} backLabel={t('book.backToBiography')} />;
  }
  if (book.error) return <DetailMessage text={t('book.loadFailed')} backTo={BOOKS_HOME} backLabel={t('book.backToBiography')} />;
  if (!book.data) return <DetailLoading lines={8} backTo={BOOKS_HOME} />;
  return <BookBody book={book.data} />;
}

function BookBody({ book }: { book: AutobiographyDetail }) {
  const { t } = useTranslation('autobiography');
  const language = useLanguage();
  const navigate = useNavigate();
  const remove = useDeleteAutobiography();
  const failed = useBookFailure();
  const [deleting, setDeleting] = useState(false);
  useGeneratedToast(book);

  return (
    <article className="grid gap-6" lang={book.language}>
      <div>
        <PageHeader
          title={book.title}
          backTo={BOOKS_HOME}
          actions={
            <Button variant="ghost" onClick={() => setDeleting(true)} className="text-red-300 hover:text-red-200" aria-label={t('book.delete')}>
              <Trash2 aria-hidden className="size-4" />
            </Button>
          }
        />
        <p className="-mt-4 text-sm text-stone-400">
          {book.authorName && <>{t('book.by', { author: book.authorName })} · </>}
          {formatDate(book.createdAt, language)}
        </p>
      </div>

      {book.status === 'processing' && <Progress book={book} />}
      {book.status === 'failed' && <Failed book={book} />}
      {book.status === 'generated' && <Downloads book={book} />}
      {book.status === 'generated' && <PrintOffer book={book} />}
      {book.status === 'generated' && <Reading book={book} />}

      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('book.deleteTitle')}
        description={t('book.deleteDescription', { title: book.title })}
        confirmLabel={t('book.delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(book.id, {
            onSuccess: () => {
              toast({ title: t('toast.deleted'), description: book.title });
              navigate(BOOKS_HOME, { replace: true });
            },
            onError: (error) => {
              setDeleting(false);
              failed('deleteFailed', error);
            },
          })
        }
      />
    </article>
  );
}

/** "Autobiography generated" (spec 8.6) when the book is finished while the person watches. */
function useGeneratedToast(book: AutobiographyDetail) {
  const { t } = useTranslation('autobiography');
  const previous = useRef(book.status);
  useEffect(() => {
    if (previous.current === 'processing' && book.status === 'generated') {
      toast({ title: t('toast.generated'), description: t('toast.generatedDescription', { title: book.title }) });
    }
    previous.current = book.status;
  }, [book.status, book.title, t]);
}

function Progress({ book }: { book: AutobiographyDetail }) {
  const { t } = useTranslation('autobiography');
  const { current, total } = chapterInProgress(book.progress);
  const done = book.progress.chaptersDone;
  return (
    <section className="grid gap-4 rounded-2xl border border-amber-300/30 bg-amber-300/5 p-5" aria-live="polite">
      <p className="flex items-center gap-2 font-medium text-amber-100">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        {t('book.writing', { current, total })}
      </p>
      <div
        role="progressbar"
        aria-label={t('book.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-stone-800"
      >
        <div className="h-full rounded-full bg-amber-300 transition-all" style={{ width: `${(done / total) * 100}%` }} />
      </div>
      <ol className="grid gap-1.5 text-sm">
        {book.chapters.map((chapter, i) => (
          <li key={i} className="flex items-center gap-2 text-stone-300">
            {chapter.content !== null ? (
              <CheckCircle2 aria-label={t('book.chapterDone')} className="size-4 shrink-0 text-emerald-300" />
            ) : (
              <Circle aria-label={t('book.chapterWaiting')} className="size-4 shrink-0 text-stone-600" />
            )}
            <span className="truncate">{chapter.title}</span>
          </li>
        ))}
      </ol>
      <p className="text-xs text-stone-400">{t('book.writingHint')}</p>
    </section>
  );
}

/** The reasons a book fails for that the person can act on; any other is the writer's. */
const failureKey = (code: AiErrorCode) =>
  code === 'quota_exceeded' || code === 'temporarily_unavailable' || code === 'authentication_failed' ? code : 'other';

function Failed({ book }: { book: AutobiographyDetail }) {
  const { t } = useTranslation('autobiography');
  const retry = useRetryAutobiography(book.id);
  const failed = useBookFailure();
  return (
    <section role="alert" className="grid justify-items-start gap-3 rounded-xl border border-red-400/30 bg-red-950/40 p-4">
      <p className="flex items-center gap-2 font-medium text-red-100">
        <AlertTriangle aria-hidden className="size-4" />
        {t('book.failed')}
      </p>
      {book.errorCode && <p className="text-sm text-red-100/90">{t(`book.reasons.${failureKey(book.errorCode)}`)}</p>}
      {book.progress.chaptersDone > 0 && (
        <p className="text-sm text-red-100/90">{t('book.failedProgress', { done: book.progress.chaptersDone, total: book.progress.chaptersTotal })}</p>
      )}
      <Button variant="secondary" disabled={retry.isPending} onClick={() => retry.mutate(undefined, { onError: (error) => failed('retryFailed', error) })}>
        <RotateCcw aria-hidden className="size-4" />
        {retry.isPending ? t('book.retrying') : t('book.tryAgain')}
      </Button>
    </section>
  );
}

/** The files, downloaded by the browser as attachments (the server names them). */
function Downloads({ book }: { book: AutobiographyDetail }) {
  const { t } = useTranslation('autobiography');
  return (
    <section aria-labelledby="book-downloads" className="grid gap-2">
      <h2 id="book-downloads" className="text-sm font-medium text-stone-300">
        {t('book.downloads')}
      </h2>
      <div className="flex flex-wrap gap-2">
        {EXPORT_FORMATS.map((format) => (
          <a key={format} href={exportPath(book.id, format)} download className={buttonClasses('secondary')}>
            <Download aria-hidden className="size-4" />
            {t(`book.${format}`)}
          </a>
        ))}
      </div>
    </section>
  );
}

/** The way to the book to print (issue 30): its own screen, where the print-ready PDFs are made. */
function PrintOffer({ book }: { book: AutobiographyDetail }) {
  const { t } = useTranslation('autobiography');
  return (
    <section aria-labelledby="book-print" className="grid justify-items-start gap-2 rounded-2xl border border-stone-800 bg-stone-900/70 p-4">
      <h2 id="book-print" className="text-sm font-medium text-stone-300">
        {t('book.printHeading')}
      </h2>
      <p className="text-sm text-stone-400">{t('book.printDescription')}</p>
      <Link to={printBookPath(book.id)} className={buttonClasses('secondary')}>
        <Printer aria-hidden className="size-4" />
        {t('book.print')}
      </Link>
    </section>
  );
}

function Reading({ book }: { book: AutobiographyDetail }) {
  const { t } = useTranslation('autobiography');
  return (
    <>
      {book.removedSentences > 0 && <p className="rounded-lg border border-stone-800 bg-stone-900 p-3 text-sm text-stone-400">{t('book.removed', { count: book.removedSentences })}</p>}
      <nav aria-labelledby="book-contents" className="rounded-2xl border border-stone-800 bg-stone-900/70 p-5">
        <h2 id="book-contents" className="mb-3 text-base font-semibold text-stone-50">
          {t('book.contents')}
        </h2>
        <ol className="grid list-decimal gap-1.5 pl-5 text-stone-200">
          {book.chapters.map((chapter, i) => (
            <li key={i}>
              <a href={`#chapter-${i + 1}`} className={`rounded underline-offset-4 hover:underline ${focusRing}`}>
                {chapter.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {book.chapters.map((chapter, i) => (
        <section key={i} id={`chapter-${i + 1}`} aria-labelledby={`chapter-${i + 1}-title`} className="scroll-mt-4">
          <h2 id={`chapter-${i + 1}-title`} className="mb-3 font-serif text-xl font-semibold text-amber-100">
            {chapter.title}
          </h2>
          <div
            className="grid gap-3 font-serif text-[1.05rem] leading-relaxed text-stone-200 [&_em]:italic [&_strong]:font-semibold"
            // Safe: markdown-it with HTML, links and images turned off (chapterHtml.ts).
            dangerouslySetInnerHTML={{ __html: chapterHtml(chapter.content ?? '') }}
          />
        </section>
      ))}
    </>
  );
}
