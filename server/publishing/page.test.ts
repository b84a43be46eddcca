import { describe, expect, it } from 'vitest';
import type { PublicStory } from '../../contract/publishing.ts';
import { BARE_INDEX_HTML, escapeHtml, jsonForScript, renderMissingPage, renderPublishedPage } from './page.ts';

const story: PublicStory = {
  title: 'Kesä',
  content: 'Yksi.\nKaksi.\r\n\r\nKolme.',
  authorName: null,
  audioUrl: null,
  publishedAt: '2026-06-15T12:00:00.000Z',
  language: 'fi',
  temporalType: null,
  year: null,
  month: null,
  day: null,
  endYear: null,
  photos: [],
  hearVoice: false,
};
const urls = { page: 'https://saaga.example/published/kesa', audio: null, image: null };

describe('text inside the page', () => {
  it('escapes what HTML would read', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('writes JSON that no text can end early, and that reads back the same', () => {
    const value = { title: '</script><!-- x -->', line: 'a\u2028b\u2029c' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('the page', () => {
  it('keeps line breaks: blank lines part paragraphs, single ones stay breaks', () => {
    const html = renderPublishedPage(BARE_INDEX_HTML, story, urls);
    expect(html).toContain('<p>Yksi.<br />Kaksi.</p>\n<p>Kolme.</p>');
    expect(html).toContain('<html lang="fi">');
    expect(html).toContain('Julkaistu <time datetime="2026-06-15T12:00:00.000Z">15. kesäkuuta 2026</time>');
  });

  it('uses a bare page when the index has nowhere to put the story', () => {
    const html = renderPublishedPage('<!doctype html><html><body><main id="app"></main></body></html>', story, urls);
    expect(html).toMatch(/^<!doctype html>\n<html lang="fi">/);
    expect(html).toContain('<div id="root"><div class="min-h-dvh');
    expect(html).not.toContain('id="app"');
  });

  it('sets the language on an html element that has other attributes', () => {
    const index = BARE_INDEX_HTML.replace('<html lang="en">', '<html class="dark" lang="en" dir="ltr">');
    expect(renderPublishedPage(index, story, urls)).toContain('<html class="dark" lang="fi" dir="ltr">');
    expect(renderMissingPage(index)).toContain('<html class="dark" lang="en" dir="ltr">');
  });
});
