import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { drawPage } from './pdfPages.ts';

interface PdfPageProps {
  document: PDFDocumentProxy;
  pageNumber: number;
  /** What the image shows, for a screen reader ("Page 3"). */
  label: string;
  /** The page's shape before it is drawn (width / height), so the layout does not jump. */
  aspect: number;
  className?: string;
}

/**
 * One page of a PDF drawn as an image on a canvas (the CSP lets no blob: image in), as wide
 * as its place on the screen; a grey page while it is drawn.
 */
export function PdfPage({ document, pageNumber, label, aspect, className }: PdfPageProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<'drawing' | 'drawn' | 'failed'>('drawing');

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    let current = true;
    setDrawn('drawing');
    const drawing = drawPage(document, pageNumber, element, element.parentElement?.clientWidth ?? 300);
    drawing.done.then(
      () => current && setDrawn('drawn'),
      () => current && setDrawn('failed'),
    );
    return () => {
      current = false;
      // A drawing left running would refuse the next one on this canvas.
      drawing.cancel();
    };
  }, [document, pageNumber]);

  return (
    <div className={clsx('relative bg-white', className)} style={{ aspectRatio: drawn === 'drawn' ? undefined : aspect }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-drawn={drawn === 'drawn' ? 'true' : undefined}
        className={clsx('block h-auto w-full', drawn !== 'drawn' && 'invisible absolute inset-0')}
      />
      {drawn === 'drawing' && <div aria-hidden className="absolute inset-0 animate-pulse bg-stone-300" />}
      {drawn === 'failed' && <div aria-hidden className="absolute inset-0 bg-stone-300" />}
    </div>
  );
}
