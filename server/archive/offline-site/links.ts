/**
 * Every link of the offline site is relative, from the page that holds it to a path inside
 * the archive, with each segment URL-encoded: file names hold spaces, Finnish letters and
 * characters such as `#` and `%` that would otherwise end or bend a URL. Encoding each segment
 * also means no link can ever carry a scheme (`http:` becomes `http%3A`): nothing leads out.
 */

/** The relative URL from the page at `fromPage` to the archive path `to` (both from the archive's root). */
export function archiveHref(fromPage: string, to: string): string {
  const target = segmentsOf(to);
  const fromDir = segmentsOf(fromPage).slice(0, -1);
  let common = 0;
  while (common < fromDir.length && common < target.length - 1 && fromDir[common] === target[common]) common++;
  const up = fromDir.slice(common).map(() => '..');
  return [...up, ...target.slice(common).map(encodeURIComponent)].join('/');
}

/** A folder inside the archive, linked with its trailing slash (a browser lists it from file://). */
export function archiveFolderHref(fromPage: string, folder: string): string {
  return `${archiveHref(fromPage, folder.replace(/\/+$/, ''))}/`;
}

function segmentsOf(path: string): string[] {
  const segments = path.split('/');
  for (const segment of segments) {
    // The export names every file itself (archiveFileNames): a path that climbs, is absolute or
    // has an empty part is a bug upstream, and a link to it must never be written.
    if (segment === '' || segment === '.' || segment === '..') {
      throw new Error(`Not a path inside the archive: ${JSON.stringify(path)}`);
    }
  }
  return segments;
}
