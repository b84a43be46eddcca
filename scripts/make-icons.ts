/**
 * Draws the app's icon (the home screen's amber record button with its microphone, on black)
 * and writes the PNGs the web app manifest and iOS ask for under client/public/icons/. Run
 * once when the icon changes (`npx tsx scripts/make-icons.ts`); the PNGs are committed.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '..', 'client', 'public', 'icons');
/** The app's colours: black, Tailwind's amber-300 (the record button), stone-950 (its glyph). */
const BLACK = '#000000';
const AMBER = '#fcd34d';
const GLYPH = '#0c0a09';

/**
 * The icon on a 512 square. `fill`: the share of the square the button's ring takes;
 * `rounded`: a rounded black square on transparency (a plain icon), else black to the edges
 * (maskable and iOS, which cut their own shape: the button stays inside the safe circle).
 */
function iconSvg({ fill, rounded }: { fill: number; rounded: boolean }): string {
  const size = 512;
  const ring = (size * fill) / 2;
  const button = ring * 0.84;
  // lucide's Mic, drawn on a 24 grid, scaled to a little over half the button.
  const scale = (button * 1.1) / 24;
  const offset = size / 2 - 12 * scale;
  const background = rounded ? `<rect width="${size}" height="${size}" rx="${size * 0.22}" fill="${BLACK}"/>` : `<rect width="${size}" height="${size}" fill="${BLACK}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  ${background}
  <circle cx="256" cy="256" r="${ring}" fill="${AMBER}" fill-opacity="0.18"/>
  <circle cx="256" cy="256" r="${button}" fill="${AMBER}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})" fill="none" stroke="${GLYPH}" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round">
    <path d="M12 19v3"/><path d="M19 10v2a7 7 0 0 1-14 0v-2"/><rect x="9" y="2" width="6" height="13" rx="3"/>
  </g>
</svg>`;
}

const ICONS: { file: string; size: number; svg: string }[] = [
  { file: 'icon-192.png', size: 192, svg: iconSvg({ fill: 0.78, rounded: true }) },
  { file: 'icon-512.png', size: 512, svg: iconSvg({ fill: 0.78, rounded: true }) },
  // Maskable: the launcher may cut anything outside the middle 80% circle.
  { file: 'icon-maskable-512.png', size: 512, svg: iconSvg({ fill: 0.64, rounded: false }) },
  { file: 'apple-touch-icon.png', size: 180, svg: iconSvg({ fill: 0.7, rounded: false }) },
];

mkdirSync(OUT, { recursive: true });
for (const { file, size, svg } of ICONS) {
  await sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(OUT, file));
  console.log(`${file} ${size}×${size}`);
}
