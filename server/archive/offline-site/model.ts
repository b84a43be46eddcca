import { nameFromTitle, type ArchiveChapter, type ArchivePerson, type ArchivePhoto, type ArchivePlace, type ArchiveRecording, type ArchiveStory } from '../format.ts';
import type { OfflineSiteInput } from './index.ts';
import { temporalPlace } from './times.ts';

/** The site's own pages beside the story, person and place pages. */
export const SITE_PAGES = {
  index: 'index.html',
  people: 'site/people.html',
  places: 'site/places.html',
  otherRecordings: 'site/recordings.html',
} as const;

/** A story's place on the timeline: the time it tells of, else when it was recorded. */
export interface TimelinePlace {
  year: number;
  key: string;
  /** True when the story has no time of its own and sits at the year of its first recording. */
  byRecordingDate: boolean;
  recordedAt: string;
}

/**
 * Everything the pages look up, built once in a few passes over the rows (5,000 stories and
 * 20,000 recordings stay quick): page paths, recordings per story, and who and where each
 * story mentions, from its recordings' links and its metadata's names.
 */
export interface SiteModel {
  input: OfflineSiteInput;
  storyPath: Map<number, string>;
  personPath: Map<number, string>;
  placePath: Map<number, string>;
  chapters: ArchiveChapter[];
  chapterById: Map<number, ArchiveChapter>;
  /** Stories of each chapter in their order; the stories without one under `null`. */
  storiesByChapter: Map<number | null, ArchiveStory[]>;
  recordingsByStory: Map<number, ArchiveRecording[]>;
  /** Recordings that belong to no story (context recordings about a person or place). */
  loneRecordings: ArchiveRecording[];
  timeline: Map<number, TimelinePlace>;
  /** Where each story stands in reading order: the chapters' stories in order, then the stories not in one. */
  readingOrder: { stories: ArchiveStory[]; index: Map<number, number> };
  /** Every story in the order of the life it tells of (the index's years). */
  storiesInTimeline: ArchiveStory[];
  storyPeople: Map<number, ArchivePerson[]>;
  storyPlaces: Map<number, ArchivePlace[]>;
  /** Names in a story's metadata that no person or place of the archive carries. */
  storyUnlinkedPeople: Map<number, string[]>;
  storyUnlinkedPlaces: Map<number, string[]>;
  personStories: Map<number, ArchiveStory[]>;
  placeStories: Map<number, ArchiveStory[]>;
  personLoneRecordings: Map<number, ArchiveRecording[]>;
  placeLoneRecordings: Map<number, ArchiveRecording[]>;
  /** Each story's photos (its own, then its recordings'), its cover first; each person's (portrait first) and place's. */
  storyPhotos: Map<number, ArchivePhoto[]>;
  personPhotos: Map<number, ArchivePhoto[]>;
  placePhotos: Map<number, ArchivePhoto[]>;
}

const byCreated = <T extends { createdAt: string; id: number }>(a: T, b: T) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id;

export function buildSiteModel(input: OfflineSiteInput): SiteModel {
  const storyPath = uniquePaths(input.stories, 'site/stories/', (story) => baseName(story.markdownFile, story.title));
  const personPath = uniquePaths(input.people, 'site/people/', (person) => nameFromTitle(person.name, 'person'));
  const placePath = uniquePaths(input.places, 'site/places/', (place) => nameFromTitle(place.name, 'place'));

  const chapters = [...input.chapters].sort((a, b) => a.order - b.order || a.id - b.id);
  const chapterById = new Map(chapters.map((chapter) => [chapter.id, chapter]));
  const storiesByChapter = new Map<number | null, ArchiveStory[]>();
  for (const story of [...input.stories].sort(byCreated)) {
    const key = story.chapterId !== null && chapterById.has(story.chapterId) ? story.chapterId : null;
    push(storiesByChapter, key, story);
  }
  for (const [key, stories] of storiesByChapter) {
    if (key !== null) stories.sort((a, b) => (a.chapterOrder ?? Infinity) - (b.chapterOrder ?? Infinity) || byCreated(a, b));
  }

  const storyIds = new Set(input.stories.map((story) => story.id));
  const recordingsByStory = new Map<number, ArchiveRecording[]>();
  const loneRecordings: ArchiveRecording[] = [];
  for (const recording of [...input.recordings].sort(byCreated)) {
    if (recording.storyId !== null && storyIds.has(recording.storyId)) push(recordingsByStory, recording.storyId, recording);
    else loneRecordings.push(recording);
  }
  for (const recordings of recordingsByStory.values()) recordings.sort((a, b) => a.order - b.order || byCreated(a, b));

  const timeline = new Map<number, TimelinePlace>();
  for (const story of input.stories) {
    const recordedAt = recordingsByStory.get(story.id)?.map((r) => r.createdAt).sort()[0] ?? story.createdAt;
    const own = temporalPlace(story.time);
    timeline.set(
      story.id,
      own
        ? { ...own, byRecordingDate: false, recordedAt }
        : { year: new Date(recordedAt).getUTCFullYear(), key: recordedAt, byRecordingDate: true, recordedAt },
    );
  }

  // A person's or place's stories in the order of the life they tell of, as on the index's years.
  const inTimeline = (a: ArchiveStory, b: ArchiveStory) => {
    const [x, y] = [timeline.get(a.id)!, timeline.get(b.id)!];
    return x.year - y.year || x.key.localeCompare(y.key) || a.id - b.id;
  };
  const people = mentions(input.people, input.stories, recordingsByStory, loneRecordings, (r) => r.peopleIds, (s) => s.metadata.people, inTimeline);
  const places = mentions(input.places, input.stories, recordingsByStory, loneRecordings, (r) => r.placeIds, (s) => s.metadata.locations, inTimeline);

  return {
    input,
    storyPath,
    personPath,
    placePath,
    chapters,
    chapterById,
    storiesByChapter,
    recordingsByStory,
    loneRecordings,
    timeline,
    readingOrder: readingOrder(chapters, storiesByChapter),
    storiesInTimeline: [...input.stories].sort(inTimeline),
    storyPeople: people.byStory,
    storyPlaces: places.byStory,
    storyUnlinkedPeople: people.unlinked,
    storyUnlinkedPlaces: places.unlinked,
    personStories: people.stories,
    placeStories: places.stories,
    personLoneRecordings: people.lone,
    placeLoneRecordings: places.lone,
    ...photosByHome(input.photos, input.recordings),
  };
}

/**
 * The photos each story, person and place shows: a story its own by position, then its
 * recordings' in the recordings' order, its cover first; a person theirs, the portrait first.
 */
function photosByHome(photos: ArchivePhoto[], recordings: ArchiveRecording[]) {
  const recording = new Map(recordings.map((r) => [r.id, r]));
  const storyPhotos = new Map<number, ArchivePhoto[]>();
  const personPhotos = new Map<number, ArchivePhoto[]>();
  const placePhotos = new Map<number, ArchivePhoto[]>();
  const rank = (photo: ArchivePhoto): number[] => {
    const take = photo.home?.type === 'recording' ? recording.get(photo.home.id) : undefined;
    return take ? [1, take.order, take.id, photo.position, photo.id] : [0, 0, 0, photo.position, photo.id];
  };
  for (const photo of photos) {
    const home = photo.home;
    if (!home) continue;
    if (home.type === 'story') push(storyPhotos, home.id, photo);
    else if (home.type === 'recording') {
      const storyId = recording.get(home.id)?.storyId;
      if (storyId != null) push(storyPhotos, storyId, photo);
    } else if (home.type === 'person') push(personPhotos, home.id, photo);
    else push(placePhotos, home.id, photo);
  }
  const ordered = (map: Map<number, ArchivePhoto[]>, first: (photo: ArchivePhoto, id: number) => boolean) => {
    for (const [id, list] of map) {
      list.sort((a, b) => {
        const [x, y] = [rank(a), rank(b)];
        return Number(first(b, id)) - Number(first(a, id)) || x.reduce((d, v, i) => d || v - y[i], 0);
      });
    }
    return map;
  };
  return {
    storyPhotos: ordered(storyPhotos, (photo, id) => photo.coverOf.includes(id)),
    personPhotos: ordered(personPhotos, (photo, id) => photo.portraitOf.includes(id)),
    placePhotos: ordered(placePhotos, () => false),
  };
}

interface Named {
  id: number;
  name: string;
  labels: string[];
}

/**
 * Who (or where) each story mentions and the reverse: a story mentions a person when one of
 * its recordings is linked to them, or when its metadata names them (by name or by one of
 * their linked names, as the app matches them).
 */
function mentions<T extends Named>(
  entities: T[],
  stories: ArchiveStory[],
  recordingsByStory: Map<number, ArchiveRecording[]>,
  loneRecordings: ArchiveRecording[],
  linkedIds: (recording: ArchiveRecording) => number[],
  metadataNames: (story: ArchiveStory) => string[],
  storyOrder: (a: ArchiveStory, b: ArchiveStory) => number,
) {
  const byId = new Map(entities.map((entity) => [entity.id, entity]));
  const byName = new Map<string, T>();
  for (const entity of entities) {
    for (const name of [entity.name, ...entity.labels]) {
      const key = nameKey(name);
      if (key && !byName.has(key)) byName.set(key, entity);
    }
  }
  const byStory = new Map<number, T[]>();
  const unlinked = new Map<number, string[]>();
  const storiesOf = new Map<number, ArchiveStory[]>();
  for (const story of [...stories].sort(storyOrder)) {
    const found = new Set<T>();
    for (const recording of recordingsByStory.get(story.id) ?? []) {
      for (const id of linkedIds(recording)) {
        const entity = byId.get(id);
        if (entity) found.add(entity);
      }
    }
    const names: string[] = [];
    for (const name of metadataNames(story)) {
      const entity = byName.get(nameKey(name));
      if (entity) found.add(entity);
      else if (name.trim() && !names.some((seen) => nameKey(seen) === nameKey(name))) names.push(name.trim());
    }
    byStory.set(story.id, [...found]);
    if (names.length) unlinked.set(story.id, names);
    for (const entity of found) push(storiesOf, entity.id, story);
  }
  const lone = new Map<number, ArchiveRecording[]>();
  for (const recording of loneRecordings) {
    for (const id of new Set(linkedIds(recording))) if (byId.has(id)) push(lone, id, recording);
  }
  return { byStory, unlinked, stories: storiesOf, lone };
}

function readingOrder(chapters: ArchiveChapter[], storiesByChapter: Map<number | null, ArchiveStory[]>) {
  const stories = [...chapters.flatMap((chapter) => storiesByChapter.get(chapter.id) ?? []), ...(storiesByChapter.get(null) ?? [])];
  return { stories, index: new Map(stories.map((story, i) => [story.id, i])) };
}

/** Names compared as the person would: case and surrounding spaces aside. */
function nameKey(name: string): string {
  return name.trim().toLocaleLowerCase();
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The last part of an archive path without its extension: `stories/2024-05-01 Title.md` gives `2024-05-01 Title`. */
function baseName(path: string, fallback: string): string {
  const last = path.split('/').at(-1) ?? '';
  return nameFromTitle(last.replace(/\.[^.]*$/, ''), nameFromTitle(fallback, 'story'));
}

/** A page path per row, unique in its folder whatever the case: `Name.html`, then `Name (2).html`. */
function uniquePaths<T extends { id: number }>(rows: T[], folder: string, name: (row: T) => string): Map<number, string> {
  const taken = new Set<string>();
  const paths = new Map<number, string>();
  for (const row of rows) {
    const base = name(row);
    for (let n = 1; ; n++) {
      const path = `${folder}${base}${n === 1 ? '' : ` (${n})`}.html`;
      if (!taken.has(path.toLowerCase())) {
        taken.add(path.toLowerCase());
        paths.set(row.id, path);
        break;
      }
    }
  }
  return paths;
}
