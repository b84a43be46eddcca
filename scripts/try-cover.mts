import sharp from 'sharp';
import { writeCover } from '../server/autobiography/print/cover.ts';
const pages = Number(process.argv[2] ?? 300);
const r = await writeCover({ trim: '6x9', pageCount: pages, title: 'Elämäni tarinat', authorName: 'Aino Virtanen', language: 'fi',
  photo: { width: 3000, height: 2000, read: async (px) => sharp({ create: { width: px.width, height: px.height, channels: 3, background: { r: 200, g: 170, b: 120 } } }).jpeg().toBuffer() } }, '/tmp/book/cover.pdf');
console.log(r);
