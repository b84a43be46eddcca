import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.ts';
import {
  familyMemberChapters,
  familyMembers,
  familyQuestions,
  familySessions,
  familyStoryNotices,
  recordLinks,
  storyComments,
  storyReactions,
  weeklyQuestionSends,
  archiveExports,
  printBooks,
  archiveImports,
  recordingUploads,
  autobiographyStories,
  interviewGapQuestions,
  passwordResetTokens,
  personLabels,
  placeLabels,
  publishedPhotos,
  recordingPeople,
  recordingPlaces,
  retiredSlugs,
} from '../../server/db/schema.ts';
import { narrationAudioKey } from '../../server/recordings/audio-key.ts';
import { mintListeningLink } from '../../server/listening-links/links.ts';
import { printFileKey } from '../../server/autobiography/print/print-row.ts';
import type { BlobStore } from '../../server/storage/index.ts';
import { seeder } from './seed.ts';

/** The rows a raw query answers (both database drivers answer `{ rows }`). */
export async function selectRows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Rows of every table of the public schema, by table: read from information_schema, so a table added later is counted too. */
export async function rowCounts(db: Database): Promise<Record<string, number>> {
  const tables = await selectRows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name: name } of tables) {
    const [row] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier('public')}.${sql.identifier(name)}`);
    counts[name] = Number(row!.n);
  }
  return counts;
}

/** Every key in the store, sorted. */
export async function storeKeys(store: BlobStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of store.list('')) keys.push(blob.key);
  return keys.sort();
}

/**
 * One of everything an account can have, straight into its tables and its store: a chapter,
 * a story in it with a recording (audio stored), a person and a place with labels and links
 * to the recording, a follow-up question, an interviewer's question, an autobiography of the
 * story, the story published with a ready narration (audio stored) and a slug it gave up
 * before, a co-author link with a contribution (audio stored), an export (its ZIP stored) and
 * an import (a piece stored), a take uploaded in pieces (a piece stored), photos in every home with a cover and a portrait, a family circle with
 * everything a reader leaves, and a password reset link.
 */
export async function oneOfEverything(db: Database, store: BlobStore, userId: string) {
  const seed = seeder(db, store);
  const chapter = await seed.chapter(userId, 'Childhood');
  const story = await seed.story(userId, { chapterId: chapter.id });
  const recording = await seed.recording(userId, { storyId: story.id });
  const person = await seed.person(userId, 'Aunt Helmi', 'aunt');
  const place = await seed.place(userId, 'Lake Päijänne', 'lake');
  await db.insert(recordingPeople).values({ recordingId: recording.id, personId: person.id });
  await db.insert(recordingPlaces).values({ recordingId: recording.id, placeId: place.id });
  await db.insert(personLabels).values({ personId: person.id, label: 'family' });
  await db.insert(placeLabels).values({ placeId: place.id, label: 'summers' });
  await seed.followUpQuestion(userId, story.id, 'Who rowed with you?');
  await db.insert(interviewGapQuestions).values({ userId, gapKey: 'childhood', language: 'en', question: 'Where did you go to school?' });
  const book = await seed.autobiography(userId, 'My life', { processingStatus: 'generated', content: 'A book.' });
  await db.insert(autobiographyStories).values({ autobiographyId: book.id, storyId: story.id, position: 0 });
  // The printed book's QR code for the story (issue 30).
  await mintListeningLink(db, { userId, autobiographyId: book.id, storyId: story.id });
  // A print laid out (issue 30): its row and its two PDFs in the store.
  const [print] = await db.insert(printBooks).values({ userId, autobiographyId: book.id, trim: '6x9', state: 'ready' }).returning();
  for (const part of ['interior', 'cover'] as const) {
    await store.put(printFileKey(print, part), Buffer.from('%PDF-1.7 not really a book'), 'application/pdf');
  }

  const slug = `lake-${randomUUID().slice(0, 8)}`;
  const published = await seed.publishedStory(userId, story.id, slug, { narrationId: 'narration-1', audioStatus: 'ready' });
  const narrationKey = narrationAudioKey(userId, published.id);
  await store.put(narrationKey, Buffer.from('not really mp3'), 'audio/mpeg');
  await db.execute(sql`update published_stories set audio_key = ${narrationKey} where id = ${published.id}`);
  await db.insert(retiredSlugs).values({ slug: `${slug}-before`, userId });
  const publishedPhoto = await seed.photo(userId, { storyId: story.id, caption: 'The jetty' });
  await db.insert(publishedPhotos).values({ publishedStoryId: published.id, photoId: publishedPhoto.id, position: 0, caption: 'The jetty' });

  const link = await seed.coAuthorToken(userId, story.id);
  await seed.recording(userId, { storyId: story.id, coAuthorTokenId: link.id, contributorName: 'Cousin Veikko' });

  const [exported] = await db.insert(archiveExports).values({ userId, state: 'ready', blobKey: 'pending' }).returning();
  const zipKey = `users/${userId}/exports/${exported!.id}.zip`;
  await store.put(zipKey, Buffer.from('PK not really a zip'), 'application/zip');
  await db.execute(sql`update archive_exports set blob_key = ${zipKey} where id = ${exported!.id}`);
  const [imported] = await db.insert(archiveImports).values({ userId, sizeBytes: 20, receivedBytes: 10 }).returning();
  await store.put(`users/${userId}/imports/${imported!.id}/000000`, Buffer.from('PK a piece'), 'application/octet-stream');
  // A take half uploaded in pieces (issue 31), one piece stored.
  const [upload] = await db.insert(recordingUploads).values({ userId, takeId: randomUUID(), sizeBytes: 20, receivedBytes: 10, mimeType: 'audio/webm' }).returning();
  await store.put(`users/${userId}/uploads/${upload!.id}/000000`, Buffer.from('a piece of a take'), 'application/octet-stream');

  // Photos in every home (their three copies stored), a story's cover, a person's portrait, a relative's, and a loose one.
  const cover = await seed.photo(userId, { storyId: story.id, takenOn: '1962-07-01', hasLocation: true });
  await seed.photo(userId, { recordingId: recording.id });
  const portrait = await seed.photo(userId, { personId: person.id });
  await seed.photo(userId, { placeId: place.id });
  await seed.photo(userId, { storyId: story.id, coAuthorTokenId: link.id, contributorName: 'Cousin Veikko', position: 1 });
  await seed.photo(userId);
  await db.execute(sql`update stories set cover_photo_id = ${cover.id} where id = ${story.id}`);
  await db.execute(sql`update people set portrait_photo_id = ${portrait.id} where id = ${person.id}`);
  await db.execute(sql`update recordings set about_photo_id = ${cover.id} where id = ${recording.id}`);

  // A family circle: a reader of one chapter, signed in on a device, who commented, reacted, replied by
  // voice and asked a question; a notice waiting; a weekly question sent with its once-only link.
  const [member] = await db.insert(familyMembers).values({ userId, name: 'Grandson Eero', email: 'eero@example.com', scopeAll: false, joinedAt: new Date() }).returning();
  await db.insert(familyMemberChapters).values({ memberId: member!.id, chapterId: chapter.id });
  await db.insert(familySessions).values({ tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'), memberId: member!.id, expiresAt: new Date(Date.now() + 3600_000) });
  await db.insert(storyComments).values({ userId, storyId: story.id, memberId: member!.id, authorName: 'Grandson Eero', body: 'I remember the jetty.' });
  await db.insert(storyReactions).values({ storyId: story.id, memberId: member!.id, reaction: 'heart' });
  await seed.recording(userId, { storyId: story.id, familyMemberId: member!.id, contributorName: 'Grandson Eero' });
  const [question] = await db.insert(familyQuestions).values({ userId, memberId: member!.id, askerName: 'Grandson Eero', text: 'What was your first job?' }).returning();
  await db.insert(familyStoryNotices).values({ storyId: story.id, memberId: member!.id });
  await db.insert(weeklyQuestionSends).values({ userId, slotAt: new Date(), questionText: question!.text, sentAt: new Date() });
  await db.insert(recordLinks).values({
    id: createHash('sha256').update(randomBytes(32)).digest('hex'),
    userId,
    questionText: question!.text,
    questionId: `family:${question!.id}`,
    familyQuestionId: question!.id,
    expiresAt: new Date(Date.now() + 3600_000),
  });

  const resetToken = createHash('sha256').update(randomBytes(32)).digest('hex');
  await db.insert(passwordResetTokens).values({ id: resetToken, userId, expiresAt: new Date(Date.now() + 3600_000) });
  return { story, recording, person, place, book, published, link };
}
