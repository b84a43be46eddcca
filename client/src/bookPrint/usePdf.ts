import { useEffect, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { openPdf } from './pdfPages.ts';

export type PdfState = { state: 'loading' } | { state: 'ready'; document: PDFDocumentProxy } | { state: 'failed' };

/** A PDF of the site opened for rendering while the component shows it; closed when it goes or the address changes. */
export function usePdf(url: string): PdfState {
  const [pdf, setPdf] = useState<PdfState>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    setPdf({ state: 'loading' });
    const opened = openPdf(url);
    opened.document.then(
      (document) => current && setPdf({ state: 'ready', document }),
      () => current && setPdf({ state: 'failed' }),
    );
    return () => {
      current = false;
      opened.close();
    };
  }, [url]);
  return pdf;
}
