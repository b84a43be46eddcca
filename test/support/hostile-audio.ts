import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';

/**
 * An ID3v2 tag with the "footer present" flag and no frames. ffmpeg skips the footer's ten
 * bytes too before it probes; file-type does not, and sniffs the bytes right after the
 * header. So file-type reads `fLaC` and says FLAC, while a probing ffmpeg reads what
 * follows: the classic way to smuggle a playlist past a type check.
 */
const ID3_WITH_FOOTER = Buffer.from([0x49, 0x44, 0x33, 0x04, 0x00, 0x10, 0x00, 0x00, 0x00, 0x00]);
const FLAC_MAGIC_AND_PADDING = Buffer.concat([Buffer.from('fLaC'), Buffer.alloc(6)]);

/** `body` behind bytes that file-type takes for FLAC and a probing ffmpeg skips. */
export function disguisedAsFlac(body: string): Buffer {
  return Buffer.concat([ID3_WITH_FOOTER, FLAC_MAGIC_AND_PADDING, Buffer.from(body)]);
}

/** An HLS playlist whose one segment is `target` (a path on the server's disk, or a URL). */
export function hlsPlaylist(target: string): string {
  return `#EXTM3U\n#EXT-X-TARGETDURATION:20\n#EXTINF:20,\n${target}\n#EXT-X-ENDLIST\n`;
}

/** An ffconcat list naming `target` (concat's safe mode takes a plain name beside the list). */
export function concatList(target: string): string {
  return `ffconcat version 1.0\nfile ${target}\n`;
}

/** Writes bytes to `dir/name` and answers the path. */
export function writeHostile(dir: string, name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** A local HTTP server that counts what is asked of it and serves `body` to anyone. */
export async function countingListener(body: Buffer): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server: Server = createServer((_request, response) => {
    count += 1;
    response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => count,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
