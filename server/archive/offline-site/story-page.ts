import type { ArchiveStory } from '../format.ts';
import { archiveHref } from './links.ts';
import { escapeHtml, linkHtml, pageHtml, storyTextHtml } from './html.ts';
import { chapterAnchor } from './index-page.ts';
import type { SiteModel } from './model.ts';
import { photosHtml } from './photo-html.ts';
import { recordingHtml } from './recording-html.ts';
import { dateText, temporalText } from './times.ts';
import { SITE_WORDS } from './words.ts';

/** A story's page: title, time, chapter, people and places, its text, its photos, and its recordings playable beside it. */
export function storyPage(model: SiteModel, story: ArchiveStory): { path: string; content: string } {
  const { language } = model.input;
  const words = SITE_WORDS[language];
  const path = model.storyPath.get(story.id)!;
  const when = temporalText(language, story.time);
  const chapterIndex = story.chapterId === null ? -1 : model.chapters.findIndex((chapter) => chapter.id === story.chapterId);
  const chapter = model.chapters[chapterIndex];

  const people = [
    ...(model.storyPeople.get(story.id) ?? []).map((person) => linkHtml(path, model.personPath.get(person.id)!, person.name)),
    ...(model.storyUnlinkedPeople.get(story.id) ?? []).map(escapeHtml),
  ];
  const places = [
    ...(model.storyPlaces.get(story.id) ?? []).map((place) => linkHtml(path, model.placePath.get(place.id)!, place.name)),
    ...(model.storyUnlinkedPlaces.get(story.id) ?? []).map(escapeHtml),
  ];
  const facts = [
    when ? fact(words.when, escapeHtml(when)) : '',
    chapter ? fact(words.chapter, `<a href="${escapeHtml(`${archiveHref(path, 'index.html')}#${chapterAnchor(chapterIndex)}`)}">${escapeHtml(chapter.title)}</a>`) : '',
    people.length ? fact(words.people, people.join(', ')) : '',
    places.length ? fact(words.places, places.join(', ')) : '',
  ].filter(Boolean);

  const notes = [
    story.titleEditedAt ? words.titleEdited(dateText(language, story.titleEditedAt)) : '',
    story.contentEditedAt ? words.textEdited(dateText(language, story.contentEditedAt)) : '',
  ].filter(Boolean);
  const published = story.published
    ? story.published.url
      ? `<p class="meta">${escapeHtml(words.publishedAt)} <span class="url">${escapeHtml(story.published.url)}</span></p>`
      : `<p class="meta">${escapeHtml(words.publishedOn(dateText(language, story.published.publishedAt)))}</p>`
    : '';

  const recordings = model.recordingsByStory.get(story.id) ?? [];
  const body = [
    `<article${story.language === language ? '' : ` lang="${story.language}"`}>`,
    `<h1>${escapeHtml(story.title)}</h1>`,
    facts.length ? `<dl>\n${facts.join('\n')}\n</dl>` : '',
    ...notes.map((note) => `<p class="meta">${escapeHtml(note)}</p>`),
    published,
    `<div class="story-text">\n${story.content.trim() ? storyTextHtml(story.content) : `<p class="muted">${escapeHtml(words.noText)}</p>`}\n</div>`,
    '</article>',
    photosHtml(language, path, model.storyPhotos.get(story.id) ?? []),
    story.narrationFile
      ? `<section>\n<h2>${escapeHtml(words.narration)}</h2>\n<audio controls preload="none" aria-label="${escapeHtml(words.narration)}" src="${escapeHtml(archiveHref(path, story.narrationFile))}"></audio>\n</section>`
      : '',
    recordings.length
      ? `<section id="recordings">\n<h2>${escapeHtml(words.recordings)}</h2>\n${recordings.map((recording, i) => recordingHtml(language, path, recording, words.recording(i + 1))).join('\n')}\n</section>`
      : '',
    `<p class="meta">${linkHtml(path, story.markdownFile, words.storyMarkdown)}</p>`,
    neighboursHtml(model, story, path),
  ].filter(Boolean).join('\n');
  return { path, content: pageHtml({ language, path, title: story.title, body }) };
}

/** The previous and next story in reading order, so a chapter reads on like a book. */
function neighboursHtml(model: SiteModel, story: ArchiveStory, path: string): string {
  const words = SITE_WORDS[model.input.language];
  const { stories, index } = model.readingOrder;
  const at = index.get(story.id)!;
  const link = (other: ArchiveStory | undefined, label: string) =>
    other ? `<span>${escapeHtml(label)}: ${linkHtml(path, model.storyPath.get(other.id)!, other.title)}</span>` : '';
  const links = [link(stories[at - 1], words.previous), link(stories[at + 1], words.next)].filter(Boolean);
  return links.length ? `<nav class="pager">${links.join('\n')}</nav>` : '';
}

function fact(term: string, valueHtml: string): string {
  return `<dt>${escapeHtml(term)}</dt><dd>${valueHtml}</dd>`;
}
