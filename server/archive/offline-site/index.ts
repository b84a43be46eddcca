import type { Language } from '../../../contract/languages.ts';
import type { ArchiveAutobiography, ArchiveChapter, ArchivePerson, ArchivePlace, ArchiveRecording, ArchiveStory } from '../format.ts';

// Placeholder: the offline site helper writes the real module (same interface, ARCHIVE.md).

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
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The pages of the offline archive, one at a time: index.html first, then site/... */
export function* offlineSitePages(input: OfflineSiteInput): Iterable<{ path: string; content: string }> {
  const items = input.stories.map((story) => `<li><a href="${escape(story.markdownFile)}">${escape(story.title)}</a></li>`).join('\n');
  yield {
    path: 'index.html',
    content: `<!doctype html>\n<html lang="${input.language}"><head><meta charset="utf-8"><title>Saaga</title></head><body><ul>\n${items}\n</ul></body></html>\n`,
  };
}
