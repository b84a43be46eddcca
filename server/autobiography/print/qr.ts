import QRCode from 'qrcode';

/**
 * A story's QR code in the printed book (issue 30): the address it plays at, as a square of
 * modules, drawn as vector squares so it prints sharp at any size. Error correction M (15%):
 * a page's wear or a thumb on a corner still reads.
 */
export interface QrModules {
  /** Modules a side, without the quiet zone. */
  size: number;
  dark(row: number, column: number): boolean;
}

/** The white margin a reader needs round the code, in modules (the standard's four). */
export const QUIET_ZONE = 4;

export function qrModules(url: string): QrModules {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, column) => modules.get(row, column) === 1 };
}

/** Something that fills rectangles (pdfkit's document). */
interface Painter {
  rect(x: number, y: number, width: number, height: number): unknown;
  fill(color: string): unknown;
}

/**
 * Draws the code for `url` as a `side`-point square (its quiet zone inside it) with its top
 * left at (x, y): each run of dark modules in a row is one rectangle, filled at once.
 */
export function drawQr(doc: Painter, url: string, x: number, y: number, side: number): void {
  const code = qrModules(url);
  const module = side / (code.size + 2 * QUIET_ZONE);
  for (let row = 0; row < code.size; row++) {
    let column = 0;
    while (column < code.size) {
      if (!code.dark(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < code.size && code.dark(row, column)) column++;
      doc.rect(x + (QUIET_ZONE + start) * module, y + (QUIET_ZONE + row) * module, (column - start) * module, module);
    }
  }
  doc.fill('#000000');
}
