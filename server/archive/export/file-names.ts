import type { Language } from '../../../contract/languages.ts';
import { originalExtension } from '../../photos/image-type.ts';
import { audioTypeOfMime } from '../../audio/audio-type.ts';
import { ARCHIVE_PATHS, archiveFileNames } from '../format.ts';

/** A recording's extension: the stored key's (the server named it from the upload), else its type's. */
export function audioExtension(audioKey: string, mimeType: string): string {
  const fromKey = /\.([a-z0-9]{1,5})$/i.exec(audioKey)?.[1];
  return (fromKey ?? audioTypeOfMime(mimeType)?.extension ?? 'bin').toLowerCase();
}

const FALLBACK = {
  recording: { en: 'recording', fi: 'nauhoitus' },
  story: { en: 'story', fi: 'tarina' },
  book: { en: 'book', fi: 'kirja' },
  photo: { en: 'photo', fi: 'kuva' },
} as const satisfies Record<string, Record<Language, string>>;

/**
 * The archive's file names, given in creation order so exporting twice names files the same.
 * A recording's audio, transcript and subtitles share one base name (`2024-05-01 Title`), made
 * unique once for all three, so a `.webm` and an `.mp3` of the same day and story do not
 * share one transcript name.
 */
export function archiveNamer(language: Language) {
  const names = archiveFileNames();
  const base = (folder: string, date: Date, title: string, fallback: string) => names(folder, date, title, 'base', fallback).replace(/\.base$/, '');
  return {
    recording(date: Date, storyTitle: string | null, extension: string) {
      const name = base(ARCHIVE_PATHS.recordings, date, storyTitle ?? '', FALLBACK.recording[language]).slice(ARCHIVE_PATHS.recordings.length);
      return {
        audioFile: `${ARCHIVE_PATHS.recordings}${name}.${extension}`,
        transcriptFile: `${ARCHIVE_PATHS.transcripts}${name}.txt`,
        subtitlesFile: `${ARCHIVE_PATHS.transcripts}${name}.vtt`,
      };
    },
    story: (date: Date, title: string) => names(ARCHIVE_PATHS.stories, date, title, 'md', FALLBACK.story[language]),
    narration: (date: Date, title: string) => names(ARCHIVE_PATHS.narrations, date, title, 'mp3', FALLBACK.story[language]),
    /**
     * A photo's original and its display copy share one base name: the day it was taken (else
     * added) and its caption, else the title of what it belongs to.
     */
    photo(date: Date | string, title: string, originalType: string) {
      const name = base(ARCHIVE_PATHS.photos, typeof date === 'string' ? new Date(`${date}T00:00:00Z`) : date, title, FALLBACK.photo[language]).slice(ARCHIVE_PATHS.photos.length);
      return { originalFile: `${ARCHIVE_PATHS.photos}${name}.${originalExtension(originalType)}`, displayFile: `${ARCHIVE_PATHS.sitePhotos}${name}.jpg` };
    },
    book(date: Date, title: string) {
      const name = base(ARCHIVE_PATHS.books, date, title, FALLBACK.book[language]);
      return { epubFile: `${name}.epub`, pdfFile: `${name}.pdf` };
    },
  };
}
