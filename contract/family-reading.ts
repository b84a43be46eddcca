import { z } from 'zod';
import { idParamSchema } from './ids.ts';
import { LANGUAGES } from './languages.ts';
import { pageQuerySchema } from './pagination.ts';
import type { TemporalType } from './temporal.ts';

// What a family reader reads (issue 28, decision 036): GET /api/family/library, /chapters and
// /people of the reader scope, and GET /api/stories/{id} answered in the reading shape to a reader.

/** `circle`: which circle a reader's call is about (a member id of theirs); none: the one joined last. */
export const familyCircleQuerySchema = z.object({ circle: idParamSchema.optional() });
/** GET /api/family/library: a page (contract/pagination.ts: limit, cursor; Link rel="next") of one circle. */
export const familyLibraryQuerySchema = pageQuerySchema.extend(familyCircleQuerySchema.shape);

/** When a story happened, as its owner set it (contract/temporal.ts), for the reader to see. */
export interface FamilyPeriod {
  temporalType: TemporalType | null;
  specificDate: string | null;
  month: number | null;
  year: number | null;
  endYear: number | null;
  /** The year the story stands in: its own time when it has one, else the year it was told. */
  timelineYear: number;
}

/** One row of the reader's library (newest first, like the owner's). */
export interface FamilyLibraryItem extends FamilyPeriod {
  id: number;
  title: string;
  /** The first lines of the text, tags removed. */
  excerpt: string;
  chapter: { id: number; title: string } | null;
  /** The cover's thumbnail when the reader may see it, else null. */
  coverThumbUrl: string | null;
  /** Names of the people and places the story's recordings name. */
  people: string[];
  places: string[];
  /** When it reached the circle. */
  sharedAt: string;
}

/** GET /api/family/chapters: chapters holding shared stories, in the owner's order. */
export interface FamilyChapterView {
  id: number;
  title: string;
  description: string | null;
  /** How many of its stories the reader may read. */
  storyCount: number;
}

/** GET /api/family/people: the people and places named in the shared stories, by name. */
export interface FamilyPeopleView {
  people: { id: number; name: string; relationship: string | null }[];
  places: { id: number; name: string }[];
}

/** A photo of a shared story as a reader sees it: derived copies only, never the original. */
export interface FamilyPhotoView {
  id: number;
  caption: string;
  width: number;
  height: number;
  takenOn: string | null;
  urls: { thumb: string; display: string };
}

/** A recording of a shared story: its audio plays in the teller's (or a co-author's) voice. */
export interface FamilyRecordingView {
  id: number;
  audioUrl: string;
  duration: number | null;
  /** A co-author's name when they recorded it; null: the teller. */
  contributorName: string | null;
}

/**
 * GET /api/stories/{id} as a family reader gets it: the story to read, nothing else (no
 * settings, transcripts, follow-ups, co-author links, processing or AI details).
 */
export interface FamilyStoryView extends FamilyPeriod {
  reading: true;
  id: number;
  title: string;
  /** Whose story it is: their author name, else their first name. */
  tellerName: string;
  content: string;
  language: (typeof LANGUAGES)[number];
  chapter: { id: number; title: string } | null;
  people: string[];
  places: string[];
  /** The cover first, then the story's other photos in their order. */
  photos: FamilyPhotoView[];
  recordings: FamilyRecordingView[];
  sharedAt: string;
}
