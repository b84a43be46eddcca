import type { Language } from '../../../contract/languages.ts';
import type { ArchiveRecording, ArchiveStory } from '../format.ts';
import { photoRow, recordingRow, storyRow } from '../../../test/support/archive-builder.ts';
import type { OfflineSiteInput } from './index.ts';

/**
 * A small archive for the site's tests: a chapter with two stories, a story outside any
 * chapter with a hostile title, a co-author's recording, a recording about a person only,
 * file names with spaces, Finnish letters and `#`, and a book.
 */
export const SAMPLE_FILES = {
  kitchenAudio: 'recordings/2024-05-01 Mummon keittiö #1.webm',
  kitchenTranscript: 'transcripts/2024-05-01 Mummon keittiö #1.txt',
  kitchenSubtitles: 'transcripts/2024-05-01 Mummon keittiö #1.vtt',
  kitchenStory: 'stories/2024-05-01 Mummon keittiö #1.md',
  /** The kitchen story's photos: its cover (added second), one of its own, one of a co-author's recording; Mummo's portrait. */
  stovePhoto: 'photos/1962-01-01 Hella #1.jpg',
  coverPhoto: 'photos/1962-02-01 Pullapäivä.heic',
  cousinPhoto: 'photos/2024-05-04 Mummon keittiö #1.jpg',
  portraitPhoto: 'photos/1960-01-01 Mummo.jpg',
} as const;

export const HOSTILE_TITLE = '<script>alert(1)</script>';
export const HOSTILE_CONTENT = 'Before <img src="https://example.com/x.png" onerror="alert(2)"> after\n\n[a link](https://example.com/) ![pic](https://example.com/p.png) <https://example.com/auto>';

const time = (type: ArchiveStory['time']['type'] = null, year: number | null = null, extra: Partial<ArchiveStory['time']> = {}) => ({
  type,
  specificDate: null,
  month: null,
  year,
  endYear: null,
  ...extra,
});

/** The archive's rows as the import's tests build them, in Finnish here. */
const story = (id: number, fields: Partial<ArchiveStory> & Pick<ArchiveStory, 'title' | 'markdownFile'>): ArchiveStory =>
  storyRow(id, { content: 'A story.', language: 'fi', ...fields });

/** The site never reads the audio: any bytes give the row its size and checksum. */
const recording = (id: number, fields: Partial<ArchiveRecording> & Pick<ArchiveRecording, 'audioFile'>): ArchiveRecording =>
  recordingRow(id, fields.audioFile, Buffer.alloc(1000), {
    mimeType: 'audio/webm',
    duration: 4.2,
    transcription: 'Mummon keittiössä tuoksui pulla.',
    segments: null,
    detectedLanguage: 'fi',
    ...fields,
  });

export function sampleSiteInput(language: Language): OfflineSiteInput {
  const created = '2024-01-01T00:00:00.000Z';
  return {
    language,
    accountName: 'Aino Äijälä',
    exportedAt: new Date('2026-11-28T06:00:00.000Z'),
    chapters: [
      { id: 7, title: 'Lapsuus', description: 'Kotona Kuopiossa', order: 0, language: 'fi', createdAt: created, updatedAt: created },
      { id: 8, title: 'Empty chapter', description: null, order: 1, language: 'fi', createdAt: created, updatedAt: created },
    ],
    stories: [
      story(1, {
        title: 'Mummon keittiö #1',
        markdownFile: SAMPLE_FILES.kitchenStory,
        content: '## Keittiö\n\nMummon keittiössä tuoksui **pulla**.\n\nToinen kappale.',
        chapterId: 7,
        chapterOrder: 2,
        time: time('year', 1962),
        metadata: { people: ['Mummo', 'Naapurin Pekka'], locations: ['kuopio'], dates: [], storyType: 'family' },
        contentEditedAt: '2024-06-01T12:00:00.000Z',
        published: { url: 'https://saaga.example/s/mummon-keittio', publishedAt: '2024-06-02T12:00:00.000Z' },
        narrationFile: 'narrations/2024-06-02 Mummon keittiö #1.mp3',
      }),
      story(2, {
        title: 'Koulutie',
        markdownFile: 'stories/2024-05-02 Koulutie.md',
        chapterId: 7,
        chapterOrder: 1,
        time: time('month_year', 1958, { month: 9 }),
        // Named only in the metadata: by a linked name (any case), and a place by name.
        metadata: { people: ['aino-MUMMO'], locations: ['KUOPIO'], dates: [], storyType: 'childhood' },
        createdAt: '2024-05-02T10:00:00.000Z',
      }),
      story(3, {
        title: HOSTILE_TITLE,
        markdownFile: 'stories/2024-05-03 script alert(1) script.md',
        content: HOSTILE_CONTENT,
        language: 'en',
        createdAt: '2024-05-03T10:00:00.000Z',
      }),
    ],
    recordings: [
      recording(11, {
        storyId: 1,
        audioFile: SAMPLE_FILES.kitchenAudio,
        transcriptFile: SAMPLE_FILES.kitchenTranscript,
        subtitlesFile: SAMPLE_FILES.kitchenSubtitles,
        peopleIds: [21],
        placeIds: [31],
        transcriptionEditedAt: '2024-05-05T09:00:00.000Z',
      }),
      recording(12, {
        storyId: 1,
        order: 1,
        audioFile: 'recordings/2024-05-04 Mummon keittiö #1.webm',
        contributorName: 'Serkku <b>Liisa</b>',
        createdAt: '2024-05-04T10:00:00.000Z',
      }),
      recording(13, {
        storyId: 3,
        audioFile: 'recordings/2024-05-03 script alert(1) script.webm',
        transcription: '<b>not bold</b>',
        createdAt: '2023-05-03T10:00:00.000Z',
      }),
      recording(14, { audioFile: 'recordings/2024-05-06 nauhoitus.webm', peopleIds: [21], createdAt: '2024-05-06T10:00:00.000Z' }),
    ],
    people: [
      {
        id: 21,
        name: 'Mummo',
        relationship: 'grandmother',
        characterization: 'Leipoi joka lauantai.',
        language: 'fi',
        enrichedInfo: { values: ['ahkeruus', '<i>vieraanvaraisuus</i>'], personality: 'Lämmin', extra: { nested: 'kyllä' } },
        labels: ['Aino-mummo'],
        createdAt: created,
        updatedAt: created,
      },
      {
        id: 22,
        name: 'Setä "Eero" & <Co>',
        relationship: 'Naapurin setä',
        characterization: null,
        language: 'fi',
        enrichedInfo: 'Vanha tieto <em>tekstinä</em>.',
        labels: [],
        createdAt: created,
        updatedAt: created,
      },
    ],
    places: [
      {
        id: 31,
        name: 'Kuopio',
        type: 'city',
        description: 'Savon sydän',
        significance: null,
        language: 'fi',
        enrichedInfo: null,
        labels: [],
        createdAt: created,
        updatedAt: created,
      },
    ],
    // The site never reads the images: any bytes give the rows their checksums.
    photos: [
      photoRow(51, SAMPLE_FILES.stovePhoto, Buffer.alloc(10), Buffer.alloc(5), { home: { type: 'story', id: 1 }, position: 0, caption: 'Hella <b>#1</b>', takenOn: '1962-01-01', hasLocation: true }),
      photoRow(52, SAMPLE_FILES.coverPhoto, Buffer.alloc(10), Buffer.alloc(5), { home: { type: 'story', id: 1 }, position: 1, caption: 'Pullapäivä', originalType: 'image/heic', coverOf: [1], createdAt: '2024-05-02T10:00:00.000Z' }),
      photoRow(53, SAMPLE_FILES.cousinPhoto, Buffer.alloc(10), Buffer.alloc(5), { home: { type: 'recording', id: 12 }, contributorName: 'Serkku Liisa', createdAt: '2024-05-04T10:00:00.000Z' }),
      photoRow(54, SAMPLE_FILES.portraitPhoto, Buffer.alloc(10), Buffer.alloc(5), { home: { type: 'person', id: 21 }, caption: 'Mummo 1960', portraitOf: [21] }),
      photoRow(55, 'photos/2024-05-05 kuva.jpg', Buffer.alloc(10), Buffer.alloc(5), { createdAt: '2024-05-05T10:00:00.000Z' }),
    ],
    autobiographies: [
      {
        id: 41,
        title: 'Elämäni',
        content: '',
        language: 'fi',
        status: 'generated',
        pointOfView: 'first',
        style: 'auto',
        authorName: null,
        chapters: [],
        storyIds: [1, 2],
        epubFile: 'books/2024-07-01 Elämäni.epub',
        pdfFile: 'books/2024-07-01 Elämäni.pdf',
        createdAt: created,
        updatedAt: created,
      },
    ],
  };
}
