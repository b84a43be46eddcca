import { describe, expect, it } from 'vitest';
import { ARCHIVE_PATHS } from '../format.ts';
import { archiveReadme } from './readme.ts';

const folders = [ARCHIVE_PATHS.index, ARCHIVE_PATHS.recordings, ARCHIVE_PATHS.transcripts, ARCHIVE_PATHS.stories, ARCHIVE_PATHS.books, ARCHIVE_PATHS.narrations, ARCHIVE_PATHS.data, ARCHIVE_PATHS.schema, ARCHIVE_PATHS.manifest];

describe('archiveReadme', () => {
  it('in English: names the person and the day, says index.html opens in any browser, lists every part of the layout', () => {
    const text = archiveReadme('en', new Date('2026-11-28T06:00:00Z'), 'Aino Virtanen');
    expect(text).toContain('Aino Virtanen, exported 2026-11-28');
    expect(text).toMatch(/open index\.html: it opens in any web browser/);
    for (const folder of folders) expect(text).toContain(folder);
    expect(text).not.toMatch(/nauhoitus/);
  });

  it('in Finnish, with the app’s word for a recording', () => {
    const text = archiveReadme('fi', new Date('2026-11-28T06:00:00Z'), null);
    expect(text).toContain('Viety 2026-11-28');
    expect(text).toMatch(/index\.html: se aukeaa missä tahansa verkkoselaimessa/);
    expect(text).toContain('nauhoitus');
    expect(text).not.toMatch(/äänity|tallenne/i);
    for (const folder of folders) expect(text).toContain(folder);
  });

  it('has Windows line endings, so every editor shows its lines', () => {
    const text = archiveReadme('en', new Date(), null);
    expect(text.split('\n').every((line, i, all) => i === all.length - 1 || line.endsWith('\r'))).toBe(true);
  });
});
