import sharp from 'sharp';
import { writeInterior } from '../server/autobiography/print/interior.ts';
const lorem = (n: number, fi: boolean) => Array.from({ length: n }, (_, i) => fi
  ? `Kesäisin olimme mökillä Saimaan rannalla, ja isoäiti paistoi lettuja lentokonesuihkuturbiinimoottoriapumekaanikkoaliupseerioppilaan kanssa. Rantasaunan jälkeen uimme järvessä, kunnes aurinko laski metsän taakse ${i}.`
  : `We spent every summer at the lake, swimming until dark, and grandmother made pancakes on the old iron stove while the radio played. ${i}`).join(' ');
const photo = (id: number, w: number, h: number, caption: string) => ({ id, width: w, height: h, caption, contributorName: null } as any);
const fi = process.argv[2] === 'fi';
const chapters = [1, 2, 3].map((c) => ({
  title: fi ? `Luku ${c}: Lapsuuden kesät` : `Chapter ${c}: Summers of childhood`,
  content: Array.from({ length: 6 }, () => lorem(4, fi)).join('\n\n'),
  storyIds: [c * 10, c * 10 + 1],
  stories: [c * 10, c * 10 + 1].map((id) => ({ id, title: fi ? `Mökkikesä ${id}` : `The lake house ${id}`, when: fi ? 'kesäkuu 1965' : 'June 1965', people: ['Aino', 'Matti'], publishedSlug: null, hasVoice: true,
    photos: id % 2 ? [photo(id, 3000, 2000, fi ? 'Mökki järven rannalla' : 'The cabin by the lake'), photo(id + 100, 600, 800, '')] : [] })),
}));
const t = performance.now();
const layout = await writeInterior({
  trim: '6x9', title: fi ? 'Elämäni tarinat' : 'The stories of my life', authorName: 'Aino Virtanen', language: fi ? 'fi' : 'en', dedication: fi ? 'Lapsenlapsilleni.' : 'For my grandchildren.',
  chapters, listenUrl: (s) => `http://127.0.0.1:3000/listen/${'A1b2C3d4'.repeat(5)}${s.id}`,
  readPhoto: async (_p, px) => sharp({ create: { width: px.width, height: px.height, channels: 3, background: { r: 120, g: 150, b: 180 } } }).jpeg().toBuffer(),
}, `/tmp/book/interior-${fi ? 'fi' : 'en'}.pdf`, () => {});
console.log(JSON.stringify({ ...layout, storyPages: [...layout.storyPages] }), Math.round(performance.now() - t), 'ms');
