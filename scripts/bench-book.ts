/**
 * npm run bench:book: the time and peak memory of laying out a print-ready book
 * (server/autobiography/print/: interior and cover) of about BENCH_PAGES pages (default 300)
 * with BENCH_PHOTOS photos (default 200), each a 12-megapixel phone JPEG in a local store,
 * decoded and scaled to 300 dpi as the print job does (print-photos.ts). Figures, not pass/fail:
 * the goal is minutes, not hours, and a peak that does not grow with the number of photos.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import type { photos } from '../server/db/schema.ts';
import { writeCover } from '../server/autobiography/print/cover.ts';
import { writeInterior } from '../server/autobiography/print/interior.ts';
import { printPhoto } from '../server/autobiography/print/print-photos.ts';
import type { PrintChapter } from '../server/autobiography/print/print-sources.ts';
import { photoCopyKey } from '../server/photos/photo-copies-store.ts';
import { localBlobStore } from '../server/storage/local-store.ts';

const PAGES = Number(process.env.BENCH_PAGES ?? 300);
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 200);
/** About a page of this book's body text (6 x 9 in, 10.5 pt). */
const WORDS_PER_PAGE = 200;
const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

type PhotoRow = typeof photos.$inferSelect;

const work = await mkdtemp(path.join(tmpdir(), 'saaga-bench-book-'));
try {
  const store = localBlobStore(path.join(work, 'store'));
  const userId = '00000000-0000-4000-8000-000000000001';
  // One phone-sized original (4000 x 3000, noisy so it compresses like a photo), stored under every photo's key.
  const original = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 88 }).toBuffer();
  const rows: PhotoRow[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const row = { id: i + 1, userId, originalType: 'image/jpeg', width: i % 3 === 0 ? 3000 : 4000, height: i % 3 === 0 ? 4000 : 3000, caption: `Kuva ${i + 1}: mökki järven rannalla`, contributorName: null } as PhotoRow;
    await store.put(photoCopyKey(row, 'original'), original, 'image/jpeg');
    rows.push(row);
  }

  // Twenty chapters of Finnish prose, their stories' photos spread evenly; text for about PAGES pages less the photos' room.
  const sentence = 'Kesäisin soudimme Näsijärvellä, ja isoäiti paistoi lettuja rantasaunan jälkeen, kun aurinko laski metsän taakse.';
  const textPages = Math.max(PAGES - PHOTOS * 0.5, PAGES * 0.3);
  const sentences = Math.round((textPages * WORDS_PER_PAGE) / sentence.split(' ').length);
  const CHAPTERS = 20;
  const chapters: PrintChapter[] = Array.from({ length: CHAPTERS }, (_, c) => {
    const per = Math.round(sentences / CHAPTERS);
    const paragraphs = Array.from({ length: Math.ceil(per / 6) }, (_, p) => Array.from({ length: 6 }, (_, s) => `${sentence} (${c}.${p}.${s})`).join(' '));
    const mine = rows.filter((_, i) => i % CHAPTERS === c);
    return {
      title: `Luku ${c + 1}: Lapsuuden kesät`,
      content: paragraphs.join('\n\n'),
      stories: [0, 1, 2].map((s) => ({
        id: c * 10 + s,
        title: `Tarina ${c + 1}.${s + 1}`,
        when: 'kesäkuu 1965',
        people: ['Aino', 'Matti'],
        publishedSlug: null,
        hasVoice: true,
        photos: mine.filter((_, i) => i % 3 === s),
      })),
    };
  });

  let peak = process.memoryUsage().rss;
  const idle = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  let pagesDone = 0;
  const layout = await writeInterior(
    {
      trim: '6x9',
      title: 'Elämäni tarinat',
      authorName: 'Aino Virtanen',
      language: 'fi',
      dedication: 'Lapsenlapsilleni.',
      chapters,
      listenUrl: (story) => `https://saaga.example/listen/${'A'.repeat(40)}${story.id}`,
      readPhoto: (photo, pixels) => printPhoto(store, photo, pixels),
    },
    path.join(work, 'interior.pdf'),
    (done) => (pagesDone = done),
  );
  const interiorMs = performance.now() - started;
  await writeCover(
    { trim: '6x9', pageCount: layout.pageCount, title: 'Elämäni tarinat', authorName: 'Aino Virtanen', language: 'fi', photo: { width: 4000, height: 3000, read: (pixels) => printPhoto(store, rows[0], pixels) } },
    path.join(work, 'cover.pdf'),
  );
  clearInterval(sampler);
  const totalMs = performance.now() - started;
  console.log(`book: ${layout.pageCount} pages (${pagesDone} drawn), ${PHOTOS} photos (12 MP originals), ${chapters.length} chapters, ${chapters.length * 3} QR codes`);
  console.log(`interior: ${(interiorMs / 1000).toFixed(1)} s, ${mb((await stat(path.join(work, 'interior.pdf'))).size)}; with the cover: ${(totalMs / 1000).toFixed(1)} s`);
  console.log(`memory: idle ${mb(idle)} rss, peak ${mb(peak)} rss (+${mb(peak - idle)})`);
  console.log(`photos under ${200} dpi: ${layout.warnings.length}`);
} finally {
  await rm(work, { recursive: true, force: true });
}
