// pdf.js comes only with the preview's chunk (PrintStatus.tsx loads PrintPreview.tsx lazily,
// once a print is ready): about 400 KB the app's other pages never bring. Its worker is a file
// of the build (Vite's ?url), loaded from the site itself as the CSP's script-src 'self' allows.
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export interface OpenedPdf {
  document: Promise<PDFDocumentProxy>;
  /** Stops the download and frees the worker's copy. */
  close: () => void;
}

/**
 * Opens a PDF of the site's own (the session's cookie goes with it) for rendering. No eval
 * (the CSP refuses it) and no WebAssembly decoders; only the parts the shown pages need are
 * read when the server answers ranges.
 */
export function openPdf(url: string): OpenedPdf {
  const task = getDocument({ url, isEvalSupported: false, useWasm: false, disableAutoFetch: true });
  return { document: task.promise, close: () => void task.destroy() };
}

/** Device pixels a page is drawn at, whatever the screen: sharp on a phone, bounded in memory. */
const MAX_PIXEL_WIDTH = 1200;

export interface PageDrawing {
  /** Resolves once the page is drawn; rejects when it could not be (or was cancelled). */
  done: Promise<void>;
  /** Stops the drawing: the canvas may be drawn on again at once. */
  cancel: () => void;
}

/** Draws one page of the document into the canvas, `cssWidth` wide on the screen. */
export function drawPage(document: PDFDocumentProxy, pageNumber: number, canvas: HTMLCanvasElement, cssWidth: number): PageDrawing {
  let cancelled = false;
  let cancelRender = () => {};
  const done = document.getPage(pageNumber).then((page) => {
    if (cancelled) throw new Error('cancelled');
    const natural = page.getViewport({ scale: 1 });
    // At least twice the CSS width: a small page's letters drawn at 1:1 run into each other.
    const pixelWidth = Math.min(MAX_PIXEL_WIDTH, Math.max(1, Math.round(cssWidth * Math.max(2, window.devicePixelRatio))));
    const viewport = page.getViewport({ scale: pixelWidth / natural.width });
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    const task = page.render({ canvas, viewport });
    cancelRender = () => task.cancel();
    return task.promise;
  });
  return {
    done,
    cancel: () => {
      cancelled = true;
      cancelRender();
    },
  };
}
