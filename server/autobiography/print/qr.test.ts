import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { drawQr, QUIET_ZONE } from './qr.ts';

/** The rectangles drawQr asks for, painted into a grey bitmap as a printer would, at `scale` pixels a point. */
function paint(url: string, side: number, scale: number) {
  const width = Math.ceil(side * scale);
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  const rects: [number, number, number, number][] = [];
  drawQr({ rect: (x, y, w, h) => rects.push([x, y, w, h]), fill: () => undefined }, url, 0, 0, side);
  for (const [x, y, w, h] of rects) {
    for (let py = Math.round(y * scale); py < Math.round((y + h) * scale); py++) {
      for (let px = Math.round(x * scale); px < Math.round((x + w) * scale); px++) {
        const at = (py * width + px) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }
  return { pixels, width, rects };
}

describe("a story's QR code", () => {
  for (const url of ['https://saaga.example/s/kesat-mokilla', `https://saaga.example/listen/${'A1b2C3d4'.repeat(5)}xyz`]) {
    it(`decodes to its address: ${url}`, () => {
      // 54 pt (0.75 in) at 150 dpi, as a phone's camera sees a printed page.
      const { pixels, width } = paint(url, 54, 150 / 72);
      expect(jsQR(pixels, width, width)?.data).toBe(url);
    });
  }

  it('leaves the quiet zone white and draws runs of modules, not one square each', () => {
    const { rects } = paint('https://saaga.example/s/a', 72, 1);
    const module = Math.min(...rects.map(([, , , h]) => h));
    expect(Math.min(...rects.map(([x]) => x))).toBeCloseTo(QUIET_ZONE * module, 6);
    expect(rects.some(([, , w]) => w > module * 1.5)).toBe(true);
  });
});
