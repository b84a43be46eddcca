import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { fullNameOf } from '../../../contract/author-name.ts';
import type { Database } from '../../db/client.ts';
import {
  autobiographies,
  chapters,
  people,
  personLabels,
  photos,
  placeLabels,
  places,
  publishedStories,
  recordingPeople,
  recordingPlaces,
  recordings,
  stories,
  users,
} from '../../db/schema.ts';
import type { ArchiveChapter, ArchivePerson, ArchivePlace } from '../format.ts';
import { archiveChapter, archivePerson, archivePlace } from './archive-rows.ts';

/**
 * What the archive's writer keeps in memory for the whole export: the account's name, its
 * chapters, people and places (a few hundred at most), each story's title, its published
 * copies, and how many files there will be. Everything else is read a page at a time.
 */
export interface AccountIndex {
  accountName: string | null;
  authorName: string | null;
  chapters: ArchiveChapter[];
  people: ArchivePerson[];
  places: ArchivePlace[];
  storyTitles: Map<number, string>;
  published: Map<number, { slug: string; publishedAt: Date; narrationKey: string | null }>;
  /** How many files the export writes, for its progress: recordings, photos, stories, narrations, books. */
  fileCount: number;
}

const labelsBy = (rows: { id: number; label: string }[]) => {
  const map = new Map<number, string[]>();
  for (const { id, label } of rows) map.set(id, [...(map.get(id) ?? []), label]);
  for (const labels of map.values()) labels.sort();
  return map;
};

export async function readAccountIndex(db: Database, userId: string): Promise<AccountIndex> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`No account ${userId} to export`);
  const chapterRows = await db.select().from(chapters).where(eq(chapters.userId, userId)).orderBy(asc(chapters.orderIndex), asc(chapters.id));
  const personRows = await db.select().from(people).where(eq(people.userId, userId)).orderBy(asc(people.createdAt), asc(people.id));
  const placeRows = await db.select().from(places).where(eq(places.userId, userId)).orderBy(asc(places.createdAt), asc(places.id));
  const personLabelRows = await db
    .select({ id: personLabels.personId, label: personLabels.label })
    .from(personLabels)
    .innerJoin(people, eq(people.id, personLabels.personId))
    .where(eq(people.userId, userId));
  const placeLabelRows = await db
    .select({ id: placeLabels.placeId, label: placeLabels.label })
    .from(placeLabels)
    .innerJoin(places, eq(places.id, placeLabels.placeId))
    .where(eq(places.userId, userId));
  const personLabelsOf = labelsBy(personLabelRows);
  const placeLabelsOf = labelsBy(placeLabelRows);

  const titles = await db.select({ id: stories.id, title: stories.title }).from(stories).where(eq(stories.userId, userId));
  const copies = await db
    .select({
      storyId: publishedStories.storyId,
      slug: publishedStories.slug,
      publishedAt: publishedStories.publishedAt,
      audioKey: publishedStories.audioKey,
      audioStatus: publishedStories.audioStatus,
    })
    .from(publishedStories)
    .where(eq(publishedStories.userId, userId));

  const [{ n: recordingCount }] = await db.select({ n: count() }).from(recordings).where(eq(recordings.userId, userId));
  const [{ n: photoCount }] = await db.select({ n: count() }).from(photos).where(eq(photos.userId, userId));
  const [{ n: bookCount }] = await db
    .select({ n: count() })
    .from(autobiographies)
    .where(and(eq(autobiographies.userId, userId), eq(autobiographies.processingStatus, 'generated')));
  const published = new Map(
    copies.map((copy) => [
      copy.storyId,
      { slug: copy.slug, publishedAt: copy.publishedAt, narrationKey: copy.audioStatus === 'ready' && copy.audioKey ? copy.audioKey : null },
    ]),
  );
  const narrationCount = [...published.values()].filter((copy) => copy.narrationKey).length;

  return {
    accountName: fullNameOf(user),
    authorName: user.authorName?.trim() || null,
    chapters: chapterRows.map(archiveChapter),
    people: personRows.map((row) => archivePerson(row, personLabelsOf.get(row.id) ?? [])),
    places: placeRows.map((row) => archivePlace(row, placeLabelsOf.get(row.id) ?? [])),
    storyTitles: new Map(titles.map((row) => [row.id, row.title])),
    published,
    fileCount: recordingCount + photoCount + titles.length + narrationCount + bookCount,
  };
}

/** The people and places linked to a page of recordings, by recording. */
export async function recordingLinks(db: Database, recordingIds: number[]) {
  const peopleIds = new Map<number, number[]>();
  const placeIds = new Map<number, number[]>();
  if (recordingIds.length === 0) return { peopleIds, placeIds };
  const personRows = await db
    .select({ recordingId: recordingPeople.recordingId, id: recordingPeople.personId })
    .from(recordingPeople)
    .where(inArray(recordingPeople.recordingId, recordingIds))
    .orderBy(asc(recordingPeople.personId));
  const placeRows = await db
    .select({ recordingId: recordingPlaces.recordingId, id: recordingPlaces.placeId })
    .from(recordingPlaces)
    .where(inArray(recordingPlaces.recordingId, recordingIds))
    .orderBy(asc(recordingPlaces.placeId));
  for (const { recordingId, id } of personRows) peopleIds.set(recordingId, [...(peopleIds.get(recordingId) ?? []), id]);
  for (const { recordingId, id } of placeRows) placeIds.set(recordingId, [...(placeIds.get(recordingId) ?? []), id]);
  return { peopleIds, placeIds };
}

/** Whether a story or recording answers an interview or follow-up question. */
export const answersAQuestion = (row: { promptQuestion: string | null; questionId: string | null }) =>
  row.promptQuestion !== null || row.questionId !== null;
