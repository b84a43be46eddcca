import { lazy, Suspense } from 'react';
import { AlertTriangle, Download, ImageOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PRINT_LIMITS, type PrintBook } from '../../../contract/print-book.ts';
import { useLanguage } from '../i18n/appLanguage.ts';
import { formatNumber } from '../i18n/format.ts';
import { JobProgress } from '../ui/JobProgress.tsx';
import { buttonClasses } from '../ui/Button.tsx';

// pdf.js comes with the preview, only once a print is ready to be looked at.
const PrintPreview = lazy(() => import('./PrintPreview.tsx'));

const MM_PER_INCH = 25.4;

/** Where the book's print is: waiting, laid out page by page, failed (why), or ready with its files and preview. */
export function PrintStatus({ print }: { print: PrintBook }) {
  switch (print.state) {
    case 'none':
      return null;
    case 'queued':
    case 'running':
      return <Progress print={print} />;
    case 'failed':
      return <Failed print={print} />;
    case 'ready':
      return <Ready print={print} />;
  }
}

function Progress({ print }: { print: PrintBook }) {
  const { t } = useTranslation('print');
  const language = useLanguage();
  const { done, total } = print.progress;
  const counted = print.state === 'running' && total > 0;
  const label = counted
    ? t('status.laying', { done: formatNumber(Math.min(done + 1, total), language), total: formatNumber(total, language) })
    : t(print.state === 'queued' ? 'status.queued' : 'status.preparing');
  return <JobProgress label={label} barLabel={t('status.progressLabel')} note={t('status.keepsGoing')} value={done} max={counted ? total : undefined} />;
}

/** Why it failed, in the person's words: the screen's own for the job's codes, the error catalogue's for another it knows. */
function Failed({ print }: { print: PrintBook }) {
  const { t, i18n } = useTranslation('print');
  const { t: tErrors } = useTranslation('errors');
  const code = print.errorCode ?? 'print_failed';
  const reason = i18n.exists(`failure.${code}`, { ns: 'print' })
    ? t(`failure.${code}`)
    : i18n.exists(`codes.${code}`, { ns: 'errors' })
      ? tErrors(`codes.${code}`)
      : t('failure.print_failed');
  return (
    <div role="alert" className="grid gap-1 rounded-xl border border-red-400/30 bg-red-950/40 p-4">
      <p className="flex items-center gap-2 font-medium text-red-100">
        <AlertTriangle aria-hidden className="size-4 shrink-0" />
        {t('status.failed')}
      </p>
      <p className="text-sm text-red-100/90">{reason}</p>
    </div>
  );
}

function Ready({ print }: { print: PrintBook }) {
  const { t } = useTranslation('print');
  const language = useLanguage();
  const spine = print.spineInches ?? 0;
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <p className="font-medium text-stone-50">{t('status.ready')}</p>
        <p className="text-sm text-stone-300">
          {t('status.pages', { count: print.pageCount ?? 0, pages: formatNumber(print.pageCount ?? 0, language) })}
          {' · '}
          {t('status.spine', {
            inches: formatNumber(spine, language, { maximumFractionDigits: 2 }),
            mm: formatNumber(spine * MM_PER_INCH, language, { maximumFractionDigits: 1 }),
          })}
        </p>
      </div>
      {print.warnings.length > 0 && (
        <ul className="grid gap-2 rounded-lg border border-amber-300/30 bg-amber-300/5 p-3 text-sm text-amber-100" aria-label={t('status.warnings')}>
          {print.warnings.map((warning) => (
            <li key={warning.photoId} className="flex gap-2">
              <ImageOff aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                {warning.caption
                  ? t('status.softPhoto', { caption: warning.caption, dpi: warning.dpi, min: PRINT_LIMITS.photoMinDpi })
                  : t('status.softPhotoNoCaption', { dpi: warning.dpi, min: PRINT_LIMITS.photoMinDpi })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {print.interiorUrl && print.coverUrl && (
        <>
          <div className="grid gap-2 sm:flex sm:flex-wrap">
            <a href={print.interiorUrl} download className={buttonClasses('primary')}>
              <Download aria-hidden className="size-4" />
              {t('status.interior')}
            </a>
            <a href={print.coverUrl} download className={buttonClasses('secondary')}>
              <Download aria-hidden className="size-4" />
              {t('status.cover')}
            </a>
          </div>
          <p className="text-xs text-stone-400">{t('status.filesHint')}</p>
          <Suspense fallback={<div className="h-40 animate-pulse rounded bg-stone-800" />}>
            <PrintPreview interiorUrl={print.interiorUrl} coverUrl={print.coverUrl} pageCount={print.pageCount ?? 0} trim={print.trim ?? '6x9'} />
          </Suspense>
        </>
      )}
    </div>
  );
}
