import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StoredBookChapter } from '../../db/book-chapters.ts';
import {
  autobiographies,
  autobiographyStories,
  chapters,
  followUpQuestions,
  people,
  personLabels,
  photos,
  placeLabels,
  places,
  recordingPeople,
  recordingPlaces,
  recordings,
  stories,
  users,
} from '../../db/schema.ts';
import type { Transaction } from '../../jobs/send-job.ts';
import { sameWords } from '../../voice/sentences.ts';
import type { StoredAudio } from './audio.ts';
import type { ArchiveData } from './contents.ts';
import type { StoredPhoto } from './photos.ts';

/** What the import added, by kind: the import's `counts`. */
export type ImportCounts = Record<'chapters' | 'stories' | 'recordings' | 'people' | 'places' | 'labels' | 'followUpQuestions' | 'autobiographies' | 'photos', number>;

const BATCH = 500;
const date = (value: string | null) => (value === null ? null : new Date(value));

/** Inserts rows in batches and answers the new ids in the rows' order (PostgreSQL returns a VALUES insert's rows in order). */
async function insertAll<Row>(rows: Row[], insert: (batch: Row[]) => Promise<{ id: number }[]>): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const inserted = await insert(batch);
    if (inserted.length !== batch.length) throw new Error('an insert answered fewer rows than it was given');
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/**
 * A recording's timings as the archive holds them, when they are its transcript's words (the
 * invariant of contract/voice.ts); others are left untimed, for the background pass to time.
 */
function timingsOfTranscript(recording: ArchiveData['recordings'][number]) {
  const { timings, transcription } = recording;
  if (!timings || transcription === null) return null;
  const matches = timings.source === 'none' ? timings.sentences.length === 0 : sameWords(timings, transcription);
  return matches ? timings : null;
}

/** Where each story's paragraphs were said, its spans naming the new recordings (stories are inserted before them). */
async function restoreParagraphSources(
  tx: Transaction,
  archived: ArchiveData['stories'],
  storyIds: Map<number, number>,
  recordingIds: Map<number, number>,
): Promise<void> {
  for (const story of archived) {
    if (!story.paragraphSources) continue;
    const sources = story.paragraphSources.map((spans) => spans.map((span) => ({ ...span, recordingId: recordingIds.get(span.recordingId)! })));
    await tx.update(stories).set({ paragraphSources: sources }).where(eq(stories.id, storyIds.get(story.id)!));
  }
}

/** A map from the archive's ids to the new rows' ids. */
const idMap = (archiveIds: number[], newIds: number[]) => new Map(archiveIds.map((id, i) => [id, newIds[i]]));
const mapped = (map: Map<number, number>, id: number | null) => (id === null ? null : map.get(id)!);

const temporal = (time: ArchiveData['stories'][number]['time']) => ({
  temporalType: time.type,
  specificDate: time.specificDate,
  month: time.month,
  year: time.year,
  endYear: time.endYear,
});

/**
 * Adds every row of the archive to the account, in the caller's one transaction, under new
 * ids tied together as the archive's ids were. What the person wrote and corrected is kept
 * as it was, with its own times (hand edits as hand edits); nothing already in the account
 * is touched. What was under way when the archive was made is not taken up again: a story
 * still being written is a draft, a book still being written has failed (the person may ask
 * again). Published pages and narrations belong to the other server and are not restored.
 * Answers the new recordings that have no transcript yet (to transcribe, as a new upload is).
 */
/** Story ids in one statement: well under PostgreSQL's limit of parameters. */
const SHARE_BATCH = 5000;

export async function insertArchiveRows(
  tx: Transaction,
  userId: string,
  data: ArchiveData,
  audio: Map<number, StoredAudio>,
  storedPhotos: Map<number, StoredPhoto> = new Map(),
): Promise<{ counts: ImportCounts; untranscribed: number[] }> {
  const chapterIds = idMap(
    data.chapters.map((c) => c.id),
    await insertAll(data.chapters, (batch) =>
      tx
        .insert(chapters)
        .values(
          batch.map((c) => ({
            userId,
            title: c.title,
            description: c.description,
            orderIndex: c.order,
            language: c.language,
            createdAt: new Date(c.createdAt),
            updatedAt: new Date(c.updatedAt),
          })),
        )
        .returning({ id: chapters.id }),
    ),
  );

  const storyIds = idMap(
    data.stories.map((s) => s.id),
    await insertAll(data.stories, (batch) =>
      tx
        .insert(stories)
        .values(
          batch.map((s) => ({
            userId,
            title: s.title,
            content: s.content,
            language: s.language,
            processingStatus: s.status === 'processing' ? ('draft' as const) : s.status,
            pointOfView: s.pointOfView,
            storyStyle: s.style,
            tone: s.tone,
            creativity: s.creativity,
            promptQuestion: s.promptQuestion,
            questionId: s.questionId,
            chapterId: mapped(chapterIds, s.chapterId),
            chapterOrder: s.chapterOrder,
            metadata: s.metadata,
            ...temporal(s.time),
            generatedAt: date(s.generatedAt),
            titleEditedAt: date(s.titleEditedAt),
            contentEditedAt: date(s.contentEditedAt),
            onlyMe: s.onlyMe,
            createdAt: new Date(s.createdAt),
            updatedAt: new Date(s.updatedAt),
          })),
        )
        .returning({ id: stories.id }),
    ),
  );
  // Written stories reach the family circle as they did when written (no notice is sent for
  // them), unless the account reviews new stories first; "only me" stays hidden whatever.
  const writtenIds = data.stories.filter((s) => s.status === 'generated').map((s) => storyIds.get(s.id)!);
  for (let start = 0; start < writtenIds.length; start += SHARE_BATCH) {
    await tx
      .update(stories)
      .set({ sharedWithFamilyAt: sql`coalesce(${stories.generatedAt}, ${stories.createdAt})` })
      .where(and(inArray(stories.id, writtenIds.slice(start, start + SHARE_BATCH)), sql`not exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.familyReviewFirst})`));
  }

  const untranscribedArchiveIds = new Set(data.recordings.filter((r) => r.transcription === null).map((r) => r.id));
  const recordingIds = idMap(
    data.recordings.map((r) => r.id),
    await insertAll(data.recordings, (batch) =>
      tx
        .insert(recordings)
        .values(
          batch.map((r) => {
            const stored = audio.get(r.id)!;
            const transcribed = r.transcription !== null;
            return {
              userId,
              storyId: mapped(storyIds, r.storyId),
              orderIndex: r.order,
              audioKey: stored.audioKey,
              mimeType: stored.mimeType,
              sizeBytes: stored.sizeBytes,
              filename: r.filename,
              duration: r.duration ?? stored.durationSeconds,
              transcription: r.transcription,
              transcriptionSegments: r.segments,
              transcriptTimings: timingsOfTranscript(r),
              detectedLanguage: r.detectedLanguage,
              // A transcript is kept as it is; a recording never transcribed is transcribed as a new upload is.
              processingStatus: transcribed ? (r.status === 'failed' ? ('failed' as const) : ('transcribed' as const)) : ('uploaded' as const),
              transcriptionEditedAt: date(r.transcriptionEditedAt),
              promptQuestion: r.promptQuestion,
              questionId: r.questionId,
              ...temporal(r.time),
              contributorName: r.contributorName,
              createdAt: new Date(r.createdAt),
              updatedAt: new Date(r.updatedAt),
            };
          }),
        )
        .returning({ id: recordings.id }),
    ),
  );

  await restoreParagraphSources(tx, data.stories, storyIds, recordingIds);

  const personIds = idMap(
    data.people.map((p) => p.id),
    await insertAll(data.people, (batch) =>
      tx
        .insert(people)
        .values(
          batch.map((p) => ({
            userId,
            name: p.name,
            relationship: p.relationship,
            characterization: p.characterization,
            language: p.language,
            enrichedInfo: p.enrichedInfo,
            createdAt: new Date(p.createdAt),
            updatedAt: new Date(p.updatedAt),
          })),
        )
        .returning({ id: people.id }),
    ),
  );
  const placeIds = idMap(
    data.places.map((p) => p.id),
    await insertAll(data.places, (batch) =>
      tx
        .insert(places)
        .values(
          batch.map((p) => ({
            userId,
            name: p.name,
            type: p.type,
            description: p.description,
            significance: p.significance,
            language: p.language,
            enrichedInfo: p.enrichedInfo,
            createdAt: new Date(p.createdAt),
            updatedAt: new Date(p.updatedAt),
          })),
        )
        .returning({ id: places.id }),
    ),
  );

  const personLabelRows = data.people.flatMap((p) => [...new Set(p.labels)].map((label) => ({ personId: personIds.get(p.id)!, label })));
  const placeLabelRows = data.places.flatMap((p) => [...new Set(p.labels)].map((label) => ({ placeId: placeIds.get(p.id)!, label })));
  for (let i = 0; i < personLabelRows.length; i += BATCH) await tx.insert(personLabels).values(personLabelRows.slice(i, i + BATCH));
  for (let i = 0; i < placeLabelRows.length; i += BATCH) await tx.insert(placeLabels).values(placeLabelRows.slice(i, i + BATCH));

  const personLinks = data.recordings.flatMap((r) => [...new Set(r.peopleIds)].map((id) => ({ recordingId: recordingIds.get(r.id)!, personId: personIds.get(id)! })));
  const placeLinks = data.recordings.flatMap((r) => [...new Set(r.placeIds)].map((id) => ({ recordingId: recordingIds.get(r.id)!, placeId: placeIds.get(id)! })));
  for (let i = 0; i < personLinks.length; i += BATCH) await tx.insert(recordingPeople).values(personLinks.slice(i, i + BATCH));
  for (let i = 0; i < placeLinks.length; i += BATCH) await tx.insert(recordingPlaces).values(placeLinks.slice(i, i + BATCH));

  const questions = data['follow-up-questions'];
  for (let i = 0; i < questions.length; i += BATCH) {
    await tx.insert(followUpQuestions).values(
      questions.slice(i, i + BATCH).map((q) => ({
        userId,
        storyId: storyIds.get(q.storyId)!,
        question: q.question,
        language: q.language,
        isAnswered: q.isAnswered,
        answeredAt: date(q.answeredAt),
        answerStoryId: mapped(storyIds, q.answerStoryId),
        answerRecordingId: mapped(recordingIds, q.answerRecordingId),
        createdAt: new Date(q.createdAt),
      })),
    );
  }

  for (const book of data.autobiographies) {
    const [row] = await tx
      .insert(autobiographies)
      .values({
        userId,
        title: book.title,
        content: book.content,
        language: book.language,
        processingStatus: book.status === 'processing' ? 'failed' : book.status,
        error: book.status === 'processing' ? 'It was still being written when the archive was made.' : null,
        pointOfView: book.pointOfView,
        storyStyle: book.style,
        authorName: book.authorName,
        chapters: book.chapters.map((chapter) => bookChapter(chapter, storyIds)),
        createdAt: new Date(book.createdAt),
        updatedAt: new Date(book.updatedAt),
      })
      .returning({ id: autobiographies.id });
    if (book.storyIds.length > 0) {
      await tx.insert(autobiographyStories).values(book.storyIds.map((id, position) => ({ autobiographyId: row.id, storyId: storyIds.get(id)!, position })));
    }
  }

  await insertPhotos(tx, userId, data.photos, storedPhotos, { storyIds, recordingIds, personIds, placeIds });

  return {
    counts: {
      chapters: data.chapters.length,
      stories: data.stories.length,
      recordings: data.recordings.length,
      people: data.people.length,
      places: data.places.length,
      labels: personLabelRows.length + placeLabelRows.length,
      followUpQuestions: questions.length,
      autobiographies: data.autobiographies.length,
      photos: data.photos.length,
    },
    untranscribed: [...untranscribedArchiveIds].map((id) => recordingIds.get(id)!),
  };
}

/**
 * The photos, under the ids their copies were stored with, in their homes (the new rows) and
 * order, with their captions and contributors; then the stories' covers, the people's
 * portraits and the recordings told about them point at them again.
 */
async function insertPhotos(
  tx: Transaction,
  userId: string,
  rows: ArchiveData['photos'],
  stored: Map<number, StoredPhoto>,
  ids: Record<'storyIds' | 'recordingIds' | 'personIds' | 'placeIds', Map<number, number>>,
): Promise<void> {
  const homeColumn = { story: 'storyId', recording: 'recordingId', person: 'personId', place: 'placeId' } as const;
  const homeIds = { story: ids.storyIds, recording: ids.recordingIds, person: ids.personIds, place: ids.placeIds } as const;
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx
      .insert(photos)
      .overridingSystemValue()
      .values(
        rows.slice(i, i + BATCH).map((p) => {
          const copies = stored.get(p.id)!;
          return {
            id: copies.id,
            userId,
            ...(p.home ? { [homeColumn[p.home.type]]: homeIds[p.home.type].get(p.home.id)! } : {}),
            position: p.position,
            caption: p.caption,
            originalType: copies.originalType,
            width: copies.width,
            height: copies.height,
            originalBytes: copies.originalBytes,
            storedBytes: copies.storedBytes,
            takenOn: copies.takenOn,
            hasLocation: copies.hasLocation,
            contributorName: p.contributorName,
            createdAt: new Date(p.createdAt),
            updatedAt: new Date(p.updatedAt),
          };
        }),
      );
  }
  for (const p of rows) {
    const photoId = stored.get(p.id)!.id;
    for (const id of p.coverOf) await tx.update(stories).set({ coverPhotoId: photoId }).where(eq(stories.id, ids.storyIds.get(id)!));
    for (const id of p.portraitOf) await tx.update(people).set({ portraitPhotoId: photoId }).where(eq(people.id, ids.personIds.get(id)!));
    for (const id of p.toldIn) await tx.update(recordings).set({ aboutPhotoId: photoId }).where(eq(recordings.id, ids.recordingIds.get(id)!));
  }
}

/** A book's chapter as stored; its story ids (the archive's) are the new stories', those the archive does not hold left out. */
function bookChapter(chapter: ArchiveData['autobiographies'][number]['chapters'][number], storyIds: Map<number, number>): StoredBookChapter {
  const listed = Array.isArray(chapter.storyIds) ? chapter.storyIds : [];
  const removed = Array.isArray(chapter.removed) ? chapter.removed : [];
  return {
    title: chapter.title,
    content: chapter.content ?? null,
    storyIds: listed.filter((id): id is number => typeof id === 'number' && storyIds.has(id)).map((id) => storyIds.get(id)!),
    removed: removed.filter((line): line is string => typeof line === 'string'),
  };
}
