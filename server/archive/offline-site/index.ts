import type { Language } from '../../../contract/languages.ts';
import type { ArchiveAutobiography, ArchiveChapter, ArchivePerson, ArchivePhoto, ArchivePlace, ArchiveRecording, ArchiveStory } from '../format.ts';
import { indexPage } from './index-page.ts';
import { buildSiteModel, SITE_PAGES } from './model.ts';
import { otherRecordingsPage, peopleListPage, personPage, placePage, placesListPage } from './people-places-pages.ts';
import { storyPage } from './story-page.ts';

export interface OfflineSiteInput {
  language: Language;
  accountName: string | null;
  exportedAt: Date;
  chapters: ArchiveChapter[];
  stories: ArchiveStory[];
  recordings: ArchiveRecording[];
  people: ArchivePerson[];
  places: ArchivePlace[];
  autobiographies: ArchiveAutobiography[];
  /** Shown by their display copies (site/photos/, no metadata), never the originals. */
  photos: ArchivePhoto[];
}

/**
 * The pages of the offline archive, one at a time: index.html first, then site/... Each page
 * is built only when asked for, so the caller writes it into the ZIP and lets it go. Every
 * link is relative and stays inside the archive; nothing on a page loads from anywhere else.
 */
export function* offlineSitePages(input: OfflineSiteInput): Iterable<{ path: string; content: string }> {
  const model = buildSiteModel(input);
  yield { path: SITE_PAGES.index, content: indexPage(model) };
  yield peopleListPage(model);
  yield placesListPage(model);
  if (model.loneRecordings.length) yield otherRecordingsPage(model);
  for (const story of input.stories) yield storyPage(model, story);
  for (const person of input.people) yield personPage(model, person);
  for (const place of input.places) yield placePage(model, place);
}
