import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PrintTrim } from '../../../contract/print-book.ts';
import { PdfPage } from './PdfPage.tsx';
import { firstSpreads } from './spreads.ts';
import { usePdf } from './usePdf.ts';

/** Pages the preview shows: the title page alone, then three spreads (dedication, contents, the first chapter's opening). */
export const PREVIEW_PAGES = 7;

/** Width over height of a trimmed page, for the grey page shown while one is drawn. */
const PAGE_ASPECT: Record<PrintTrim, number> = { '6x9': 6 / 9, a5: 148 / 210, '8x10': 8 / 10 };

interface PrintPreviewProps {
  interiorUrl: string;
  coverUrl: string;
  pageCount: number;
  trim: PrintTrim;
}

/**
 * The ready book as it will look, drawn in the browser by pdf.js (this module and pdf.js are
 * loaded only when a ready print is shown): the cover, then the interior's first spreads,
 * page 1 alone on the right as in a printed book.
 */
export default function PrintPreview({ interiorUrl, coverUrl, pageCount, trim }: PrintPreviewProps) {
  const { t } = useTranslation('print');
  const interior = usePdf(interiorUrl);
  const cover = usePdf(coverUrl);
  const spreads = firstSpreads(pageCount, PREVIEW_PAGES);
  const aspect = PAGE_ASPECT[trim];

  return (
    <section aria-labelledby="print-preview" className="grid gap-4">
      <h3 id="print-preview" className="text-sm font-medium text-stone-300">
        {t('preview.title')}
      </h3>
      <figure className="grid gap-2">
        {cover.state === 'ready' ? (
          <PdfPage document={cover.document} pageNumber={1} label={t('preview.coverImage')} aspect={2 * aspect} className="shadow-lg" />
        ) : (
          <PreviewState state={cover.state} aspect={2 * aspect} />
        )}
        <figcaption className="text-xs text-stone-400">{t('preview.coverCaption')}</figcaption>
      </figure>
      {interior.state === 'ready' ? (
        <Spreads document={interior.document} spreads={spreads} aspect={aspect} />
      ) : (
        <PreviewState state={interior.state} aspect={2 * aspect} />
      )}
      {interior.state === 'ready' && pageCount > PREVIEW_PAGES && (
        <p className="text-xs text-stone-400">{t('preview.firstPages', { shown: PREVIEW_PAGES, total: pageCount })}</p>
      )}
    </section>
  );
}

function Spreads({ document, spreads, aspect }: { document: PDFDocumentProxy; spreads: ReturnType<typeof firstSpreads>; aspect: number }) {
  const { t } = useTranslation('print');
  return (
    <ol className="grid gap-4" aria-label={t('preview.spreads')}>
      {spreads.map(({ left, right }) => (
        <li key={`${left}-${right}`}>
          <figure className="grid gap-1">
            <div className="grid grid-cols-2">
              {[left, right].map((page, side) =>
                page === null ? (
                  <div key={side} aria-hidden />
                ) : (
                  <PdfPage
                    key={side}
                    document={document}
                    pageNumber={page}
                    label={t('preview.page', { page })}
                    aspect={aspect}
                    className={side === 0 ? 'border-r border-stone-300 shadow-lg' : 'shadow-lg'}
                  />
                ),
              )}
            </div>
            <figcaption className="text-center text-xs text-stone-500">
              {left !== null && right !== null ? t('preview.pages', { left, right }) : t('preview.page', { page: left ?? right })}
            </figcaption>
          </figure>
        </li>
      ))}
    </ol>
  );
}

function PreviewState({ state, aspect }: { state: 'loading' | 'failed'; aspect: number }) {
  const { t } = useTranslation('print');
  if (state === 'failed') return <p className="rounded-lg border border-stone-800 bg-stone-900 p-3 text-sm text-stone-300">{t('preview.failed')}</p>;
  return <div role="status" aria-label={t('preview.loading')} className="animate-pulse rounded bg-stone-800" style={{ aspectRatio: aspect }} />;
}
