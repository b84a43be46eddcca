import { describe, expect, it } from 'vitest';
import type { Language } from '../../../contract/languages.ts';
import { offlineSitePages, type OfflineSiteInput } from './index.ts';
import { archiveFolderHref, archiveHref } from './links.ts';
import { HOSTILE_TITLE, SAMPLE_FILES, sampleSiteInput } from './sample.fixture.ts';
import { SITE_WORDS } from './words.ts';

type Page = { path: string; content: string };
const pagesOf = (input: OfflineSiteInput): Page[] => [...offlineSitePages(input)];
const page = (pages: Page[], path: string) => {
  const found = pages.find((p) => p.path === path);
  if (!found) throw new Error(`no page ${path} among ${pages.map((p) => p.path).join(', ')}`);
  return found.content;
};
const STORY_PAGE = 'site/stories/2024-05-01 Mummon keittiö #1.html';
const HOSTILE_PAGE = 'site/stories/2024-05-03 script alert(1) script.html';
const LANGUAGES: Language[] = ['en', 'fi'];

const decodeEntities = (value: string) =>
  value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
/** Every href and src of a page, as the browser reads them. */
const linksOf = (html: string) => [...html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((m) => decodeEntities(m[1]));
/** The visible text of a page, roughly: tags out, entities read. */
const textOf = (html: string) => decodeEntities(html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]*>/g, ' '));

/** Every file the sample archive holds beside the pages (what the export writes). */
function archiveFiles(input: OfflineSiteInput): Set<string> {
  const files = new Set(['README.txt', 'data/', 'stories/', 'recordings/', 'photos/']);
  for (const p of input.photos) files.add(p.displayFile);
  for (const r of input.recordings) [r.audioFile, r.transcriptFile, r.subtitlesFile].forEach((f) => f && files.add(f));
  for (const s of input.stories) [s.markdownFile, s.narrationFile].forEach((f) => f && files.add(f));
  for (const b of input.autobiographies) [b.epubFile, b.pdfFile].forEach((f) => f && files.add(f));
  return files;
}

describe('the pages', () => {
  it('come one at a time, index.html first, each path once, the rest under site/', () => {
    const iterator = offlineSitePages(sampleSiteInput('en'))[Symbol.iterator]();
    expect(iterator.next().value?.path).toBe('index.html');
    const rest = [...{ [Symbol.iterator]: () => iterator }].map((p) => p.path);
    expect(rest.every((path) => path.startsWith('site/'))).toBe(true);
    expect(new Set(rest).size).toBe(rest.length);
    expect(rest).toEqual(
      expect.arrayContaining([STORY_PAGE, HOSTILE_PAGE, 'site/stories/2024-05-02 Koulutie.html', 'site/people/Mummo.html', 'site/places/Kuopio.html', 'site/people.html', 'site/places.html', 'site/recordings.html']),
    );
  });

  it.each(LANGUAGES)('every link is relative, stays inside the archive and reaches a page or file it holds (%s)', (language) => {
    const input = sampleSiteInput(language);
    const pages = pagesOf(input);
    const targets = new Set([...pages.map((p) => p.path), ...archiveFiles(input)]);
    const root = 'file:///archive/';
    let checked = 0;
    for (const { path, content } of pages) {
      const base = new URL(path.split('/').map(encodeURIComponent).join('/'), root);
      for (const link of linksOf(content)) {
        expect(link, `${path}: ${link}`).not.toMatch(/^([a-z][a-z0-9+.-]*:|\/)/i);
        const url = new URL(link, base);
        expect(url.href.startsWith(root), `${path}: ${link}`).toBe(true);
        const target = decodeURIComponent(url.pathname.slice('/archive/'.length));
        expect(targets.has(target), `${path}: ${link} -> ${target}`).toBe(true);
        if (url.hash) expect(page(pages, target)).toContain(`id="${url.hash.slice(1)}"`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it.each(LANGUAGES)('load nothing from anywhere else: no script, a policy that forbids the network, only known tags and attributes (%s)', (language) => {
    const tags = new Set(['html', 'head', 'meta', 'title', 'style', 'body', 'main', 'nav', 'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'section', 'span', 'dl', 'dt', 'dd', 'div', 'article', 'audio', 'details', 'summary', 'strong', 'em', 'br', 'blockquote', 'code', 'pre', 'hr', 'figure', 'img', 'figcaption']);
    const attributes = new Set(['lang', 'charset', 'http-equiv', 'content', 'name', 'href', 'src', 'class', 'id', 'controls', 'preload', 'aria-label', 'alt', 'width', 'height', 'loading']);
    for (const { path, content } of pagesOf(sampleSiteInput(language))) {
      expect(content).toContain(`<html lang="${language}">`);
      expect(content).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file:; media-src 'self' file:; style-src 'unsafe-inline';`);
      expect(content, path).not.toMatch(/<script|<link|<iframe|<object|<form|url\(|@import/i);
      // The only images are photos' display copies (no metadata), never an original with its camera data.
      for (const [, src] of content.matchAll(/<img src="([^"]*)"/g)) {
        const target = decodeURIComponent(new URL(decodeEntities(src), new URL(path.split('/').map(encodeURIComponent).join('/'), 'file:///a/')).pathname.slice(3));
        expect(target, path).toMatch(/^site\/photos\/[^/]+\.jpg$/);
      }
      // An address may be shown as text (a published link), never inside an attribute.
      expect(content, path).not.toMatch(/="[^"]*:\/\//);
      for (const [, tag, attrs] of content.replace(/<!doctype html>/, '').matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
        expect(tags.has(tag.toLowerCase()), `${path}: <${tag}>`).toBe(true);
        for (const [, name] of attrs.matchAll(/\s([^\s=]+)(?:="[^"]*")?/g)) expect(attributes.has(name), `${path}: ${name}`).toBe(true);
      }
    }
  });
});

describe('what a person or a story wrote is shown as text', () => {
  it('a title that is HTML is shown, never run, on the index and on its page', () => {
    const pages = pagesOf(sampleSiteInput('en'));
    const escaped = '&lt;script&gt;alert(1)&lt;/script&gt;';
    expect(page(pages, 'index.html')).toContain(`>${escaped}</a>`);
    expect(page(pages, HOSTILE_PAGE)).toContain(`<title>${escaped}</title>`);
    expect(page(pages, HOSTILE_PAGE)).toContain(`<h1>${escaped}</h1>`);
    expect(pages.some((p) => p.content.includes(HOSTILE_TITLE))).toBe(false);
  });

  it('HTML in the text, in a transcript, a name or gathered information is text; Markdown links and images are not made', () => {
    const pages = pagesOf(sampleSiteInput('en'));
    const story = page(pages, HOSTILE_PAGE);
    expect(textOf(story)).toContain('Before <img src="https://example.com/x.png" onerror="alert(2)"> after');
    expect(textOf(story)).toContain('[a link](https://example.com/)');
    expect(textOf(story)).toContain('<b>not bold</b>');
    expect(linksOf(story).some((link) => link.includes('example.com'))).toBe(false);
    expect(page(pages, STORY_PAGE)).toContain('Recorded by Serkku &lt;b&gt;Liisa&lt;/b&gt;');
    const eero = page(pages, 'site/people/Setä Eero & Co.html');
    expect(eero).toContain('<h1>Setä &quot;Eero&quot; &amp; &lt;Co&gt;</h1>');
    expect(eero).toContain('Vanha tieto &lt;em&gt;tekstinä&lt;/em&gt;.');
    expect(page(pages, 'site/people/Mummo.html')).toContain('&lt;i&gt;vieraanvaraisuus&lt;/i&gt;');
  });

  it('the story text is rendered from its Markdown', () => {
    const story = page(pagesOf(sampleSiteInput('en')), STORY_PAGE);
    expect(story).toContain('<h2>Keittiö</h2>');
    expect(story).toContain('<p>Mummon keittiössä tuoksui <strong>pulla</strong>.</p>');
  });
});

describe('a story page', () => {
  const pages = pagesOf(sampleSiteInput('en'));
  const story = page(pages, STORY_PAGE);

  it('plays each recording beside the text from the archive, loaded only when played, with its date, transcript and files', () => {
    const audio = '../../recordings/2024-05-01%20Mummon%20keitti%C3%B6%20%231.webm';
    expect(story).toContain(`<audio controls preload="none" aria-label="Recording 1" src="${audio}">`);
    expect(story).toContain('<audio controls preload="none" aria-label="Recording 2" src="../../recordings/2024-05-04%20Mummon%20keitti%C3%B6%20%231.webm">');
    expect(story).toContain('<audio controls preload="none" aria-label="Narration" src="../../narrations/2024-06-02%20Mummon%20keitti%C3%B6%20%231.mp3">');
    expect(story).toContain('Recorded May 1, 2024');
    expect(story).toContain('<a href="../../transcripts/2024-05-01%20Mummon%20keitti%C3%B6%20%231.txt">Transcript (.txt)</a>');
    expect(story).toContain('<a href="../../stories/2024-05-01%20Mummon%20keitti%C3%B6%20%231.md">');
    expect(story).toContain('Transcript corrected by hand on May 5, 2024');
    expect(story.indexOf('Recording 1')).toBeLessThan(story.indexOf('Recording 2'));
  });

  it('names its time, chapter, people and places, linked to their pages; a name no person carries as text', () => {
    expect(story).toContain('<dt>When</dt><dd>1962</dd>');
    expect(story).toContain('<a href="../../index.html#chapter-1">Lapsuus</a>');
    expect(story).toContain('<a href="../people/Mummo.html">Mummo</a>, Naapurin Pekka');
    expect(story).toContain('<a href="../places/Kuopio.html">Kuopio</a>');
  });

  it('leads on to the previous and next story in reading order: the chapters in order, then the stories not in one', () => {
    expect(story).toContain('<nav class="pager"><span>Previous: <a href="2024-05-02%20Koulutie.html">Koulutie</a></span>\n<span>Next: <a href="2024-05-03%20script%20alert(1)%20script.html">&lt;script&gt;');
    expect(page(pages, 'site/stories/2024-05-02 Koulutie.html')).not.toContain('Previous:');
    expect(page(pages, HOSTILE_PAGE)).not.toContain('Next:');
  });

  it('marks hand edits and shows the public link as text, not as a link', () => {
    expect(story).toContain('Text edited by hand on June 1, 2024');
    expect(story).not.toContain('Title edited by hand');
    expect(story).toContain('Published at <span class="url">https://saaga.example/s/mummon-keittio</span>');
    expect(linksOf(story).some((link) => link.includes('saaga.example'))).toBe(false);
  });
});

describe('photos', () => {
  const srcs = (html: string) => [...html.matchAll(/<img src="([^"]*)" alt="([^"]*)"/g)].map((m) => [decodeURIComponent(decodeEntities(m[1])), decodeEntities(m[2])]);

  it.each(LANGUAGES)('a story shows its photos by their display copies: the cover first, then its own, then its recordings\', each with its caption (%s)', (language) => {
    const html = page(pagesOf(sampleSiteInput(language)), STORY_PAGE);
    const words = SITE_WORDS[language];
    expect(srcs(html)).toEqual([
      ['../photos/1962-02-01 Pullapäivä.jpg', 'Pullapäivä'],
      ['../photos/1962-01-01 Hella #1.jpg', 'Hella <b>#1</b>'],
      ['../photos/2024-05-04 Mummon keittiö #1.jpg', words.photo],
    ]);
    expect(html).toContain('<figcaption>Hella &lt;b&gt;#1&lt;/b&gt;</figcaption>');
    expect(html).toContain(`<figcaption>${words.photoBy('Serkku Liisa')}</figcaption>`);
    expect(html).toContain(`<h2>${words.photos}</h2>`);
    // The text first, then the photos, then the recordings.
    expect(html.indexOf('id="photos"')).toBeGreaterThan(html.indexOf('story-text'));
    expect(html.indexOf('id="photos"')).toBeLessThan(html.indexOf('id="recordings"'));
  });

  it('a person shows their photos, the portrait first; a story without photos and a photo with no home show none', () => {
    const pages = pagesOf(sampleSiteInput('fi'));
    expect(srcs(page(pages, 'site/people/Mummo.html'))).toEqual([['../photos/1960-01-01 Mummo.jpg', 'Mummo 1960']]);
    expect(page(pages, 'site/stories/2024-05-02 Koulutie.html')).not.toContain('<img');
    expect(pages.some((p) => p.content.includes('kuva.jpg'))).toBe(false);
    expect(page(pages, 'index.html')).toContain('href="photos/"');
  });
});

describe('people and places', () => {
  const pages = pagesOf(sampleSiteInput('fi'));

  it('a person: relationship in words, characterization, gathered information readable, linked names, the stories that mention them', () => {
    const mummo = page(pages, 'site/people/Mummo.html');
    expect(mummo).toContain('<dt>Suhde</dt><dd><p>Isoäiti</p></dd>');
    expect(mummo).toContain('Leipoi joka lauantai.');
    expect(mummo).toContain('<dt>Arvot</dt><dd><ul><li>ahkeruus</li>');
    expect(mummo).toContain('<dt>Luonne</dt><dd>Lämmin</dd>');
    expect(mummo).toContain('<dt>extra</dt><dd><dl><dt>nested</dt><dd>kyllä</dd></dl></dd>');
    expect(mummo).toContain('Aino-mummo');
    // By a recording's link (story 1) and by a linked name in the metadata (story 2).
    expect(mummo).toContain('<a href="../stories/2024-05-01%20Mummon%20keitti%C3%B6%20%231.html">');
    expect(mummo).toContain('<a href="../stories/2024-05-02%20Koulutie.html">');
    // The recording about her alone, playable on her page.
    expect(mummo).toContain('<audio controls preload="none" aria-label="Nauhoitus 1" src="../../recordings/2024-05-06%20nauhoitus.webm">');
    expect(page(pages, 'site/people/Setä Eero & Co.html')).toContain('Yksikään tarina ei mainitse tätä henkilöä.');
  });

  it('a place: type in words, description, the stories that mention it; the lists link every one', () => {
    const kuopio = page(pages, 'site/places/Kuopio.html');
    expect(kuopio).toContain('<dt>Tyyppi</dt><dd><p>Kaupunki</p></dd>');
    expect(kuopio).toContain('Savon sydän');
    expect(kuopio).toContain('2024-05-02%20Koulutie.html');
    expect(page(pages, 'site/places.html')).toContain('<a href="places/Kuopio.html">Kuopio</a> <span class="muted">Kaupunki · 2 tarinaa</span>');
    expect(page(pages, 'site/people.html')).toContain('<a href="people/Mummo.html">Mummo</a> <span class="muted">Isoäiti · 2 tarinaa</span>');
  });
});

describe('index.html', () => {
  it('the title, counts, chapters with their stories in order, stories not in a chapter, books and files', () => {
    const index = page(pagesOf(sampleSiteInput('en')), 'index.html');
    expect(index).toContain('<title>Aino Äijälä&#39;s life stories</title>');
    expect(index).toContain('3 stories · 4 recordings · 2 chapters · 2 people · 1 place');
    const chapters = index.slice(index.indexOf('id="chapters"'), index.indexOf('id="stories"'));
    expect(chapters.indexOf('Koulutie')).toBeLessThan(chapters.indexOf('Mummon keittiö #1'));
    expect(chapters).not.toContain('alert(1)');
    expect(index.slice(index.indexOf('id="stories"'), index.indexOf('id="years"'))).toContain('&lt;script&gt;');
    expect(index).toContain('<a href="books/2024-07-01%20El%C3%A4m%C3%A4ni.epub">EPUB</a>');
    expect(index).toContain('<a href="README.txt">');
    expect(index).toContain('<a href="data/">');
    expect(index).toContain('<a href="#chapters">Chapters</a> · <a href="#stories">Stories not in a chapter</a> · <a href="#years">By year</a>');
  });

  it('by year: the time a story tells of, else the year of its first recording, marked as such', () => {
    const index = page(pagesOf(sampleSiteInput('en')), 'index.html');
    const years = index.slice(index.indexOf('id="years"'));
    const order = ['id="year-1958"', 'Koulutie', 'id="year-1962"', 'Mummon keittiö #1', 'id="year-2023"', '&lt;script&gt;'].map((s) => years.indexOf(s));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(years).toContain('recorded May 3, 2023');
    expect(years).toContain('<p><a href="#year-1958">1958</a> <a href="#year-1962">1962</a> <a href="#year-2023">2023</a></p>');
  });
});

describe('both languages', () => {
  it('Finnish pages speak Finnish', () => {
    const pages = pagesOf(sampleSiteInput('fi'));
    const index = page(pages, 'index.html');
    expect(index).toContain('<title>Aino Äijälä: elämäntarinat</title>');
    expect(index).toContain('3 tarinaa · 4 nauhoitusta · 2 lukua · 2 henkilöä · 1 paikka');
    expect(index).toContain('<h2>Vuosittain</h2>');
    expect(index).toContain('nauhoitettu 3. toukokuuta 2023');
    const story = page(pages, STORY_PAGE);
    expect(story).toContain('Nauhoittanut Serkku');
    expect(story).toContain('Tekstiä muokattu käsin 1. kesäkuuta 2024');
    expect(story).not.toContain('<article lang=');
  });

  it('no English word of the table is left on a Finnish page', () => {
    const fiText = pagesOf(sampleSiteInput('fi')).map((p) => textOf(p.content)).join('\n');
    const { en, fi } = SITE_WORDS;
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const [english, finnish] = [en[key], fi[key]];
      const words = typeof english === 'string' ? [english] : typeof english === 'function' ? [(english as (x: never) => string)('X' as never)] : [];
      const theirs = typeof finnish === 'string' ? finnish : typeof finnish === 'function' ? (finnish as (x: never) => string)('X' as never) : '';
      for (const word of words) if (word !== theirs) expect(fiText, key).not.toContain(word.replace('X', ''));
    }
  });
});

describe('links', () => {
  it('relative from the page, each segment encoded', () => {
    expect(archiveHref('index.html', 'recordings/2024-05-01 Mummon keittiö.webm')).toBe('recordings/2024-05-01%20Mummon%20keitti%C3%B6.webm');
    expect(archiveHref('site/stories/a.html', 'recordings/a #1 100%.webm')).toBe('../../recordings/a%20%231%20100%25.webm');
    expect(archiveHref('site/stories/a.html', 'site/people/b.html')).toBe('../people/b.html');
    expect(archiveHref('site/people.html', 'site/people/b.html')).toBe('people/b.html');
    expect(archiveHref('site/stories/a.html', 'site/stories/b.html')).toBe('b.html');
    expect(archiveHref('index.html', 'http:/example.com')).toBe('http%3A/example.com');
    expect(archiveFolderHref('site/people.html', 'data/')).toBe('../data/');
  });

  it('never to a path that climbs out or is absolute', () => {
    for (const bad of ['../x.webm', '/etc/passwd', 'recordings/../../x', 'recordings//x', './x', 'http://example.com/x']) {
      expect(() => archiveHref('index.html', bad)).toThrow(/Not a path inside the archive/);
    }
  });
});

describe('a large archive', () => {
  it('is made one page at a time: index.html lists 5,000 stories, and each story is rendered only when its page is asked for', () => {
    const input = sampleSiteInput('en');
    const [story] = input.stories;
    const [recording] = input.recordings;
    let rendered = 0;
    input.stories = Array.from({ length: 5_000 }, (_, i) => {
      const row = { ...story, id: 1_000 + i, title: `Tarina ${i}`, markdownFile: `stories/2024-01-01 Tarina ${i}.md`, chapterOrder: i };
      // Counts each read of a story's text: only its own page reads it.
      return Object.defineProperty(row, 'content', { get: () => (rendered++, `Teksti ${i}`), enumerable: true });
    });
    input.recordings = Array.from({ length: 20_000 }, (_, i) => ({ ...recording, id: 10_000 + i, storyId: 1_000 + (i % 5_000), audioFile: `recordings/2024-01-01 Tarina ${i}.webm` }));
    const pages = offlineSitePages(input)[Symbol.iterator]();
    const index = pages.next().value!;
    expect(index.path).toBe('index.html');
    expect(index.content.match(/href="site\/stories\//g)?.length).toBe(2 * 5_000);
    expect(rendered).toBe(0);
    let next = pages.next().value!;
    while (!next.path.startsWith('site/stories/')) next = pages.next().value!;
    expect(next.content).toContain('Teksti 0');
    expect(rendered).toBeLessThanOrEqual(2);
  }, 30_000);
});
