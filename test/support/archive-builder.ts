import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import yazl from 'yazl';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_PATHS,
  ARCHIVE_VERSION,
  type ArchiveAutobiography,
  type ArchiveChapter,
  type ArchiveDataName,
  type ArchiveFollowUp,
  type ArchiveInterviewAnswer,
  type ArchiveManifest,
  type ArchivePerson,
  type ArchivePhoto,
  type ArchivePlace,
  type ArchiveRecording,
  type ArchiveStory,
  DATA_FILES,
  dataFilePath,
} from '../../server/archive/format.ts';
import { CLIPS } from './shared-files.ts';

/**
 * Saaga archives built by hand for the import's tests (the export is not needed to make
 * one): rows typed by server/archive/format.ts, real audio from ../shared/audio, written
 * with yazl. `hostile` adds what a hostile archive would: names that climb out, links,
 * entries whose header lies about their size, thousands of entries.
 */

export interface ArchiveRows {
  chapters: ArchiveChapter[];
  stories: ArchiveStory[];
  recordings: ArchiveRecording[];
  people: ArchivePerson[];
  places: ArchivePlace[];
  'follow-up-questions': ArchiveFollowUp[];
  'interview-answers': ArchiveInterviewAnswer[];
  autobiographies: ArchiveAutobiography[];
  photos: ArchivePhoto[];
}

export interface ExtraEntry {
  name: string;
  bytes: Buffer | string;
  /** Unix mode for the entry's attributes (a symlink: 0o120777). */
  mode?: number;
  compress?: boolean;
}

export interface ArchiveOptions {
  rows: ArchiveRows;
  /** The bytes of each recording's `audioFile`. */
  audio: Record<string, Buffer>;
  /** The bytes of each photo's `originalFile` and `displayFile`. */
  photoFiles?: Record<string, Buffer>;
  /** archive.json: replaced, or left out with null. */
  manifest?: Partial<ArchiveManifest> | Record<string, unknown> | null;
  /** A data file's text in place of its rows' JSON, or null to leave the file out. */
  rawData?: Partial<Record<ArchiveDataName, string | null>>;
  /** Entries added after the archive's own. */
  extra?: ExtraEntry[];
  /**
   * Names changed in the finished bytes (same length each): yazl refuses to write a name
   * that climbs out, as any honest writer does, so a hostile one is patched in afterwards.
   */
  rename?: Record<string, string>;
  /** Entries whose central directory declares this size instead of their real one. */
  declareSize?: Record<string, number>;
}

const T = '2024-05-01T10:00:00.000Z';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const noTime = { type: null, specificDate: null, month: null, year: null, endYear: null };

/** A recording row for `bytes` stored at `audioFile`, with its size and checksum. */
export function recordingRow(id: number, audioFile: string, bytes: Buffer, fields: Partial<ArchiveRecording> = {}): ArchiveRecording {
  return {
    id,
    storyId: null,
    order: 0,
    audioFile,
    mimeType: audioFile.endsWith('.mp3') ? 'audio/mpeg' : 'audio/wav',
    sizeBytes: bytes.length,
    sha256: sha256(bytes),
    filename: null,
    duration: 11,
    transcription: 'And so, my fellow Americans, ask not what your country can do for you.',
    segments: [{ start: 0, end: 11, text: 'And so, my fellow Americans, ask not what your country can do for you.' }],
    timings: null,
    detectedLanguage: 'en',
    status: 'transcribed',
    transcriptionEditedAt: null,
    promptQuestion: null,
    questionId: null,
    time: noTime,
    contributorName: null,
    peopleIds: [],
    placeIds: [],
    transcriptFile: null,
    subtitlesFile: null,
    createdAt: T,
    updatedAt: T,
    ...fields,
  };
}

/** A photo row for an original of `bytes` at `originalFile` (a JPEG unless named otherwise) and its display copy. */
export function photoRow(id: number, originalFile: string, bytes: Buffer, display: Buffer, fields: Partial<ArchivePhoto> = {}): ArchivePhoto {
  return {
    id,
    home: null,
    position: 0,
    caption: '',
    takenOn: null,
    hasLocation: false,
    width: 640,
    height: 480,
    contributorName: null,
    originalFile,
    originalType: 'image/jpeg',
    sizeBytes: bytes.length,
    sha256: sha256(bytes),
    displayFile: `${ARCHIVE_PATHS.sitePhotos}${originalFile.slice(ARCHIVE_PATHS.photos.length).replace(/\.[^.]+$/, '')}.jpg`,
    displaySha256: sha256(display),
    coverOf: [],
    portraitOf: [],
    toldIn: [],
    createdAt: T,
    updatedAt: T,
    ...fields,
  };
}

export function storyRow(id: number, fields: Partial<ArchiveStory> = {}): ArchiveStory {
  return {
    id,
    title: 'A summer at the lake',
    content: 'We rowed across Näsijärvi every morning.',
    language: 'en',
    status: 'generated',
    pointOfView: 'first',
    style: 'auto',
    tone: null,
    creativity: null,
    promptQuestion: null,
    questionId: null,
    chapterId: null,
    chapterOrder: null,
    metadata: { people: [], locations: [], dates: [], storyType: 'other' },
    time: noTime,
    titleEditedAt: null,
    contentEditedAt: null,
    onlyMe: false,
    generatedAt: T,
    createdAt: T,
    updatedAt: T,
    published: null,
    paragraphSources: null,
    markdownFile: `stories/2024-05-01 Story ${id}.md`,
    narrationFile: null,
    ...fields,
  };
}

/** The shared clips, as the archive's recordings hold them. */
export const AUDIO = {
  jfk: () => readFileSync(CLIPS.jfkMp3),
  english: () => readFileSync(CLIPS.english),
  finnish: () => readFileSync(CLIPS.finnish),
};

/**
 * An archive with one of everything: two chapters, three stories (one with hand edits, one
 * still processing when it was made), three recordings of real speech (one by a co-author,
 * one never transcribed), people and places with labels and links, a follow-up question
 * answered by a story, an interview answer and a book.
 */
export function fullArchive(): ArchiveOptions {
  const jfk = AUDIO.jfk();
  const english = AUDIO.english();
  const finnish = AUDIO.finnish();
  const rows: ArchiveRows = {
    chapters: [
      { id: 11, title: 'Childhood', description: 'The early years', order: 0, language: 'en', createdAt: T, updatedAt: '2024-05-02T10:00:00.000Z' },
      { id: 12, title: 'Work', description: null, order: 1, language: 'en', createdAt: T, updatedAt: T },
    ],
    stories: [
      storyRow(21, {
        title: 'My own title',
        content: 'Text I corrected by hand.',
        chapterId: 11,
        chapterOrder: 0,
        titleEditedAt: '2024-06-01T08:00:00.000Z',
        contentEditedAt: '2024-06-02T08:00:00.000Z',
        tone: 'nostalgic',
        creativity: 'balanced',
        style: 'intimate_biographical',
        pointOfView: 'third',
        time: { type: 'year_span', specificDate: null, month: null, year: 1958, endYear: 1962 },
        metadata: { people: ['Pekka'], locations: ['Tampere'], dates: ['1962'], storyType: 'childhood' },
        promptQuestion: 'Where did you spend summers?',
        questionId: 'childhood-summers',
        createdAt: '2024-05-01T09:00:00.000Z',
        updatedAt: '2024-06-02T08:00:00.000Z',
      }),
      storyRow(22, { title: 'Kesä mökillä', language: 'fi', chapterId: 12, chapterOrder: 1, time: { type: 'specific_date', specificDate: '1975-07-14', month: 7, year: 1975, endYear: null } }),
      storyRow(23, { title: 'Processing...', content: 'Your story is being generated...', status: 'processing', generatedAt: null }),
    ],
    recordings: [
      recordingRow(31, 'recordings/2024-05-01 My own title.mp3', jfk, {
        storyId: 21,
        order: 0,
        filename: 'jfk.mp3',
        peopleIds: [41],
        placeIds: [51],
        transcription: 'Ask not, as I corrected it.',
        transcriptionEditedAt: '2024-06-03T08:00:00.000Z',
        time: { type: 'year', specificDate: null, month: null, year: 1961, endYear: null },
        createdAt: '2024-05-01T09:30:00.000Z',
      }),
      recordingRow(32, 'recordings/2024-05-01 Kesä mökillä.wav', finnish, {
        storyId: 22,
        contributorName: 'Pekka',
        detectedLanguage: 'fi',
        transcription: 'Kesällä soudimme järven yli.',
        segments: [
          { start: 0, end: 2.5, text: 'Kesällä soudimme' },
          { start: 2.5, end: 5, text: 'järven yli.' },
        ],
        placeIds: [51],
      }),
      recordingRow(33, 'recordings/2024-05-01 recording.wav', english, {
        storyId: null,
        transcription: null,
        segments: null,
        detectedLanguage: null,
        status: 'uploaded',
        duration: null,
      }),
    ],
    people: [
      {
        id: 41,
        name: 'Pekka',
        relationship: 'uncle',
        characterization: 'Rowed every morning',
        language: 'en',
        enrichedInfo: { summary: 'An uncle who rowed' },
        labels: ['Pekka', 'setä Pekka'],
        createdAt: T,
        updatedAt: T,
      },
    ],
    places: [
      {
        id: 51,
        name: 'Tampere',
        type: 'city',
        description: 'By the lake',
        significance: 'Where summers were',
        language: 'en',
        enrichedInfo: null,
        labels: ['Tampere'],
        createdAt: T,
        updatedAt: T,
      },
    ],
    'follow-up-questions': [
      {
        id: 61,
        storyId: 21,
        question: 'Who else was in the boat?',
        language: 'en',
        isAnswered: true,
        answeredAt: '2024-06-05T08:00:00.000Z',
        answerStoryId: 22,
        answerRecordingId: 32,
        createdAt: T,
      },
      { id: 62, storyId: 22, question: 'Mitä söitte?', language: 'fi', isAnswered: false, answeredAt: null, answerStoryId: null, answerRecordingId: null, createdAt: T },
    ],
    'interview-answers': [{ questionId: 'childhood-summers', question: 'Where did you spend summers?', storyId: 21, recordingId: 31 }],
    photos: [],
    autobiographies: [
      {
        id: 71,
        title: 'My life',
        content: '# My life\n\nText.',
        language: 'en',
        status: 'generated',
        pointOfView: 'first',
        style: 'auto',
        authorName: 'Aino',
        chapters: [{ title: 'Childhood', content: 'Text.', storyIds: [21, 22], removed: [] }],
        storyIds: [21, 22],
        epubFile: 'books/2024-05-01 My life.epub',
        pdfFile: 'books/2024-05-01 My life.pdf',
        createdAt: T,
        updatedAt: T,
      },
    ],
  };
  return {
    rows,
    audio: {
      [rows.recordings[0].audioFile]: jfk,
      [rows.recordings[1].audioFile]: finnish,
      [rows.recordings[2].audioFile]: english,
    },
  };
}

/** An archive with no rows at all (a valid, empty one). */
export function emptyArchive(): ArchiveOptions {
  return {
    rows: { chapters: [], stories: [], recordings: [], people: [], places: [], 'follow-up-questions': [], 'interview-answers': [], autobiographies: [], photos: [] },
    audio: {},
  };
}

/** The ZIP's bytes. */
export async function buildArchive(options: ArchiveOptions): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date(T);
  const add = (name: string, bytes: Buffer | string, extra: { mode?: number; compress?: boolean } = {}) =>
    zip.addBuffer(Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), name, { mtime, ...extra });

  add(ARCHIVE_PATHS.readme, 'A Saaga archive, built for a test.\n');
  if (options.manifest !== null) {
    const manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      exportedAt: T,
      language: 'en',
      account: { name: 'Aino', authorName: 'Aino' },
      counts: Object.fromEntries(DATA_FILES.map((name) => [name, options.rows[name].length])),
      ...options.manifest,
    };
    add(ARCHIVE_PATHS.manifest, JSON.stringify(manifest, null, 2));
  }
  for (const name of DATA_FILES) {
    const raw = options.rawData?.[name];
    if (raw === null) continue;
    add(dataFilePath(name), raw ?? JSON.stringify(options.rows[name], null, 2));
  }
  // Audio is stored as it is (it does not compress), as the export stores it.
  for (const [name, bytes] of Object.entries(options.audio)) add(name, bytes, { compress: false });
  for (const [name, bytes] of Object.entries(options.photoFiles ?? {})) add(name, bytes, { compress: false });
  for (const entry of options.extra ?? []) add(entry.name, entry.bytes, { mode: entry.mode, compress: entry.compress });
  zip.end();

  const parts: Buffer[] = [];
  for await (const part of zip.outputStream) parts.push(part as Buffer);
  let bytes: Buffer = Buffer.concat(parts);
  for (const [from, to] of Object.entries(options.rename ?? {})) bytes = renameEntry(bytes, from, to);
  for (const [name, size] of Object.entries(options.declareSize ?? {})) bytes = declareSize(bytes, name, size);
  return bytes;
}

/** Replaces an entry's name in the local header and the central directory (the same length). */
function renameEntry(bytes: Buffer, from: string, to: string): Buffer {
  const a = Buffer.from(from);
  const b = Buffer.from(to);
  if (a.length !== b.length) throw new Error(`rename ${from} to a name of the same length`);
  let found = 0;
  for (let at = bytes.indexOf(a); at !== -1; at = bytes.indexOf(a, at + 1)) {
    b.copy(bytes, at);
    found += 1;
  }
  if (found < 2) throw new Error(`${from} not found in both the local header and the central directory`);
  return bytes;
}

/** Makes the central directory (and the local header) declare `size` as the entry's uncompressed size. */
function declareSize(bytes: Buffer, name: string, size: number): Buffer {
  const wanted = Buffer.from(name);
  let patched = 0;
  for (let at = 0; at < bytes.length - 46; at++) {
    const signature = bytes.readUInt32LE(at);
    if (signature === 0x02014b50) {
      const nameLength = bytes.readUInt16LE(at + 28);
      if (bytes.subarray(at + 46, at + 46 + nameLength).equals(wanted)) {
        bytes.writeUInt32LE(size, at + 24);
        patched += 1;
      }
    } else if (signature === 0x04034b50) {
      const nameLength = bytes.readUInt16LE(at + 26);
      if (bytes.subarray(at + 30, at + 30 + nameLength).equals(wanted)) bytes.writeUInt32LE(size, at + 22);
    }
  }
  if (patched !== 1) throw new Error(`${name} not found in the central directory`);
  return bytes;
}
