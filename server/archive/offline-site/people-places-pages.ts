import type { ArchivePerson, ArchivePhoto, ArchivePlace, ArchiveRecording, ArchiveStory } from '../format.ts';
import { escapeHtml, linkHtml, pageHtml, plainTextHtml } from './html.ts';
import { SITE_PAGES, type SiteModel } from './model.ts';
import { photosHtml } from './photo-html.ts';
import { recordingHtml } from './recording-html.ts';
import { temporalText } from './times.ts';
import { optionWord, SITE_WORDS } from './words.ts';

type Page = { path: string; content: string };

/** site/people.html: every person, with their relationship and how many stories mention them. */
export function peopleListPage(model: SiteModel): Page {
  const words = SITE_WORDS[model.input.language];
  const rows = sortedByName(model.input.people, model.input.language).map((person) => {
    const relationship = person.relationship ? optionWord(words.relationships, person.relationship) : null;
    return listRow(model, SITE_PAGES.people, model.personPath.get(person.id)!, person.name, relationship, model.personStories.get(person.id)?.length ?? 0);
  });
  return listPage(model, SITE_PAGES.people, words.people, rows);
}

/** site/places.html: every place, with its type and how many stories mention it. */
export function placesListPage(model: SiteModel): Page {
  const words = SITE_WORDS[model.input.language];
  const rows = sortedByName(model.input.places, model.input.language).map((place) => {
    const type = place.type ? optionWord(words.placeTypes, place.type) : null;
    return listRow(model, SITE_PAGES.places, model.placePath.get(place.id)!, place.name, type, model.placeStories.get(place.id)?.length ?? 0);
  });
  return listPage(model, SITE_PAGES.places, words.places, rows);
}

/** A person's page: name, relationship, characterization, their photos (the portrait first), gathered information, linked names, the stories that mention them. */
export function personPage(model: SiteModel, person: ArchivePerson): Page {
  const words = SITE_WORDS[model.input.language];
  const path = model.personPath.get(person.id)!;
  return entityPage(model, path, {
    name: person.name,
    facts: [
      [words.relationship, person.relationship ? optionWord(words.relationships, person.relationship) : null],
      [words.characterization, person.characterization],
    ],
    enrichedInfo: person.enrichedInfo,
    labels: person.labels,
    stories: model.personStories.get(person.id) ?? [],
    recordings: model.personLoneRecordings.get(person.id) ?? [],
    photos: model.personPhotos.get(person.id) ?? [],
    none: words.noMentionsPerson,
  });
}

/** A place's page: name, type, description, significance, its photos, gathered information, linked names, the stories that mention it. */
export function placePage(model: SiteModel, place: ArchivePlace): Page {
  const words = SITE_WORDS[model.input.language];
  const path = model.placePath.get(place.id)!;
  return entityPage(model, path, {
    name: place.name,
    facts: [
      [words.type, place.type ? optionWord(words.placeTypes, place.type) : null],
      [words.description, place.description],
      [words.significance, place.significance],
    ],
    enrichedInfo: place.enrichedInfo,
    labels: place.labels,
    stories: model.placeStories.get(place.id) ?? [],
    recordings: model.placeLoneRecordings.get(place.id) ?? [],
    photos: model.placePhotos.get(place.id) ?? [],
    none: words.noMentionsPlace,
  });
}

/** site/recordings.html: the recordings that belong to no story, each playable. */
export function otherRecordingsPage(model: SiteModel): Page {
  const { language } = model.input;
  const words = SITE_WORDS[language];
  const path = SITE_PAGES.otherRecordings;
  const body = [
    `<h1>${escapeHtml(words.otherRecordings)}</h1>`,
    `<p class="muted">${escapeHtml(words.otherRecordingsNote)}</p>`,
    ...model.loneRecordings.map((recording, i) => recordingHtml(language, path, recording, words.recording(i + 1))),
  ].join('\n');
  return { path, content: pageHtml({ language, path, title: words.otherRecordings, body }) };
}

interface EntityParts {
  name: string;
  facts: [string, string | null][];
  enrichedInfo: ArchivePerson['enrichedInfo'];
  labels: string[];
  stories: ArchiveStory[];
  recordings: ArchiveRecording[];
  photos: ArchivePhoto[];
  none: string;
}

function entityPage(model: SiteModel, path: string, parts: EntityParts): Page {
  const { language } = model.input;
  const words = SITE_WORDS[language];
  const facts = parts.facts.filter((f): f is [string, string] => Boolean(f[1]?.trim()));
  const body = [
    `<h1>${escapeHtml(parts.name)}</h1>`,
    facts.length ? `<dl>\n${facts.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${plainTextHtml(value)}</dd>`).join('\n')}\n</dl>` : '',
    photosHtml(language, path, parts.photos),
    parts.enrichedInfo ? `<section>\n<h2>${escapeHtml(words.gathered)}</h2>\n${enrichedInfoHtml(words.enriched, parts.enrichedInfo)}\n</section>` : '',
    parts.labels.length ? `<section>\n<h2>${escapeHtml(words.labels)}</h2>\n<p>${parts.labels.map(escapeHtml).join(', ')}</p>\n</section>` : '',
    `<section>\n<h2>${escapeHtml(words.mentionedIn)}</h2>\n${
      parts.stories.length
        ? `<ul>\n${parts.stories.map((story) => storyItem(model, path, story)).join('\n')}\n</ul>`
        : `<p class="muted">${escapeHtml(parts.none)}</p>`
    }\n</section>`,
    parts.recordings.length
      ? `<section>\n<h2>${escapeHtml(words.recordingsMentioning)}</h2>\n${parts.recordings.map((r, i) => recordingHtml(language, path, r, words.recording(i + 1))).join('\n')}\n</section>`
      : '',
  ].filter(Boolean).join('\n');
  return { path, content: pageHtml({ language, path, title: parts.name, body }) };
}

function storyItem(model: SiteModel, from: string, story: ArchiveStory): string {
  const when = temporalText(model.input.language, story.time);
  return `<li>${linkHtml(from, model.storyPath.get(story.id)!, story.title)}${when ? ` <span class="muted">${escapeHtml(when)}</span>` : ''}</li>`;
}

/**
 * The information gathered from recordings, readable: an old plain-text value as paragraphs;
 * an object as its known fields in words (lists as lists), any other field under its own name.
 */
export function enrichedInfoHtml(labels: Record<string, string>, info: string | Record<string, unknown>): string {
  if (typeof info === 'string') return plainTextHtml(info);
  const entries = Object.entries(info).filter(([, value]) => value !== null && value !== undefined && value !== '');
  const items = entries.map(([key, value]) => `<dt>${escapeHtml(Object.hasOwn(labels, key) ? (labels[key] as string) : key)}</dt><dd>${valueHtml(value)}</dd>`);
  return `<dl>\n${items.join('\n')}\n</dl>`;
}

function valueHtml(value: unknown): string {
  if (Array.isArray(value)) return `<ul>${value.map((item) => `<li>${valueHtml(item)}</li>`).join('')}</ul>`;
  if (typeof value === 'object' && value !== null) {
    return `<dl>${Object.entries(value).map(([key, inner]) => `<dt>${escapeHtml(key)}</dt><dd>${valueHtml(inner)}</dd>`).join('')}</dl>`;
  }
  return escapeHtml(String(value));
}

function listRow(model: SiteModel, from: string, to: string, name: string, kind: string | null, storyCount: number): string {
  const words = SITE_WORDS[model.input.language];
  const meta = [kind, storyCount ? words.count.stories(storyCount) : null].filter(Boolean) as string[];
  return `<li>${linkHtml(from, to, name)}${meta.length ? ` <span class="muted">${meta.map(escapeHtml).join(' · ')}</span>` : ''}</li>`;
}

function listPage(model: SiteModel, path: string, title: string, rows: string[]): Page {
  const body = `<h1>${escapeHtml(title)}</h1>\n${rows.length ? `<ul>\n${rows.join('\n')}\n</ul>` : ''}`;
  return { path, content: pageHtml({ language: model.input.language, path, title, body }) };
}

function sortedByName<T extends { name: string; id: number }>(rows: T[], language: string): T[] {
  return [...rows].sort((a, b) => a.name.localeCompare(b.name, language) || a.id - b.id);
}
