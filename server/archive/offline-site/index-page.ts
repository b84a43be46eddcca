import { ARCHIVE_PATHS, type ArchiveStory } from '../format.ts';
import { archiveFolderHref } from './links.ts';
import { escapeHtml, linkHtml, pageHtml } from './html.ts';
import { SITE_PAGES, type SiteModel } from './model.ts';
import { dateText, temporalText } from './times.ts';
import { SITE_WORDS } from './words.ts';

const PATH = SITE_PAGES.index;

/** index.html: the title, counts, the chapters with their stories, the stories not in one, the years, books and files. */
export function indexPage(model: SiteModel): string {
  const { input } = model;
  const words = SITE_WORDS[input.language];
  const title = words.lifeStories(input.accountName);
  const seconds = input.recordings.reduce((sum, recording) => sum + (recording.duration ?? 0), 0);
  const counts = [
    words.count.stories(input.stories.length),
    words.count.recordings(input.recordings.length),
    ...(seconds >= 360 ? [words.hoursOfAudio(new Intl.NumberFormat(input.language, { maximumFractionDigits: 1 }).format(seconds / 3600))] : []),
    words.count.chapters(input.chapters.length),
    words.count.people(input.people.length),
    words.count.places(input.places.length),
  ];
  const loose = model.storiesByChapter.get(null) ?? [];
  const sections: Section[] = [
    model.chapters.length ? { id: 'chapters', heading: words.chapters, content: model.chapters.map((chapter, index) => chapterBlock(model, chapter.id, index)).join('\n') } : null,
    loose.length ? { id: 'stories', heading: words.noChapter, content: storyList(model, loose) } : null,
    input.stories.length ? { id: 'years', heading: words.byYear, content: `<p class="muted">${escapeHtml(words.byYearNote)}</p>\n${yearsHtml(model)}` } : null,
    model.loneRecordings.length
      ? { id: 'recordings', heading: words.otherRecordings, content: `<p>${linkHtml(PATH, SITE_PAGES.otherRecordings, words.count.recordings(model.loneRecordings.length))}</p>` }
      : null,
    {
      id: 'people-and-places',
      heading: words.peopleAndPlaces,
      content: `<ul><li>${linkHtml(PATH, SITE_PAGES.people, `${words.people} (${input.people.length})`)}</li><li>${linkHtml(PATH, SITE_PAGES.places, `${words.places} (${input.places.length})`)}</li></ul>`,
    },
    input.autobiographies.length ? { id: 'books', heading: words.books, content: booksHtml(model) } : null,
    { id: 'files', heading: words.files, content: filesHtml(model) },
  ].filter((section) => section !== null);
  const contents = sections.map((section) => `<a href="#${section.id}">${escapeHtml(section.heading)}</a>`).join(' · ');
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="muted">${escapeHtml(words.exportedOn(dateText(input.language, input.exportedAt)))}</p>`,
    `<p>${counts.map(escapeHtml).join(' · ')}</p>`,
    input.stories.length ? '' : `<p>${escapeHtml(words.noStoriesYet)}</p>`,
    `<nav aria-label="${escapeHtml(words.contents)}"><p>${contents}</p></nav>`,
    ...sections.map((section) => `<section id="${section.id}">\n<h2>${escapeHtml(section.heading)}</h2>\n${section.content}\n</section>`),
  ].filter(Boolean).join('\n');
  return pageHtml({ language: input.language, path: PATH, title, body });
}

/** The anchor of a chapter on the index, by its place in the order (ids mean nothing outside the archive). */
export function chapterAnchor(index: number): string {
  return `chapter-${index + 1}`;
}

interface Section {
  id: string;
  heading: string;
  content: string;
}

function chapterBlock(model: SiteModel, chapterId: number, index: number): string {
  const chapter = model.chapterById.get(chapterId)!;
  const stories = model.storiesByChapter.get(chapterId) ?? [];
  return [
    `<h3 id="${chapterAnchor(index)}">${escapeHtml(chapter.title)}</h3>`,
    chapter.description ? `<p class="muted">${escapeHtml(chapter.description)}</p>` : '',
    stories.length ? storyList(model, stories, 'ol') : '',
  ].filter(Boolean).join('\n');
}

function storyList(model: SiteModel, stories: ArchiveStory[], tag: 'ul' | 'ol' = 'ul'): string {
  const language = model.input.language;
  const items = stories.map((story) => {
    const when = temporalText(language, story.time);
    return `<li>${linkHtml(PATH, model.storyPath.get(story.id)!, story.title)}${when ? ` <span class="muted">${escapeHtml(when)}</span>` : ''}</li>`;
  });
  return `<${tag}>\n${items.join('\n')}\n</${tag}>`;
}

function yearsHtml(model: SiteModel): string {
  const language = model.input.language;
  const words = SITE_WORDS[language];
  const placed = model.storiesInTimeline.map((story) => ({ story, place: model.timeline.get(story.id)! }));
  const out: string[] = [];
  let year: number | null = null;
  for (const { story, place } of placed) {
    if (place.year !== year) {
      if (year !== null) out.push('</ul>');
      year = place.year;
      out.push(`<h3 id="year-${year}">${year}</h3>`, '<ul>');
    }
    const when = place.byRecordingDate ? words.recordedIn(dateText(language, place.recordedAt)) : temporalText(language, story.time);
    out.push(`<li>${linkHtml(PATH, model.storyPath.get(story.id)!, story.title)}${when ? ` <span class="muted">${escapeHtml(when)}</span>` : ''}</li>`);
  }
  if (year !== null) out.push('</ul>');
  const years = [...new Set(model.storiesInTimeline.map((story) => model.timeline.get(story.id)!.year))];
  const jump = years.length > 1 ? `<p>${years.map((y) => `<a href="#year-${y}">${y}</a>`).join(' ')}</p>\n` : '';
  return jump + out.join('\n');
}

function booksHtml(model: SiteModel): string {
  const items = model.input.autobiographies.map((book) => {
    const files = [book.epubFile ? linkHtml(PATH, book.epubFile, 'EPUB') : '', book.pdfFile ? linkHtml(PATH, book.pdfFile, 'PDF') : ''].filter(Boolean);
    return `<li>${escapeHtml(book.title)}${files.length ? `: ${files.join(' · ')}` : ''}</li>`;
  });
  return `<ul>\n${items.join('\n')}\n</ul>`;
}

function filesHtml(model: SiteModel): string {
  const words = SITE_WORDS[model.input.language];
  const folder = (path: string, text: string) => `<a href="${escapeHtml(archiveFolderHref(PATH, path))}">${escapeHtml(text)}</a>`;
  return `<ul>
<li>${linkHtml(PATH, ARCHIVE_PATHS.readme, words.readme)}</li>
<li>${folder(ARCHIVE_PATHS.data, words.dataFolder)}</li>
${model.input.stories.length ? `<li>${folder(ARCHIVE_PATHS.stories, words.storiesFolder)}</li>` : ''}
${model.input.recordings.length ? `<li>${folder(ARCHIVE_PATHS.recordings, words.recordingsFolder)}</li>` : ''}
${model.input.photos.length ? `<li>${folder(ARCHIVE_PATHS.photos, words.photosFolder)}</li>` : ''}
</ul>`;
}
