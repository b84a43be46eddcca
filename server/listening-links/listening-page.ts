import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ListeningPage } from '../../contract/print-book.ts';
import { signatureName } from '../../contract/author-name.ts';
import type { Database } from '../db/client.ts';
import { autobiographies, recordings, stories, users } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { liveListeningLink } from './links.ts';

/*
 * What a listening link opens: the story's title, who told it, the book's language and the
 * story's own recordings. A family reader's voice reply is theirs, not the story's telling
 * (as the book's audio, autobiography/book-voices.ts, chooses them); a co-author's recording
 * of the story is part of it.
 */

/** Unknown, malformed and revoked tokens, and a link whose story is gone, all answer this. */
export const linkNotFound = () => new HttpError(404, 'listening_link_not_found', 'This listening link has been turned off or does not exist.');
const audioNotFound = () => new HttpError(404, 'listening_audio_not_found', 'This recording is not part of the story.');

/** Where anyone holding the link hears one of the story's recordings. */
export const listeningAudioPath = (token: string, recordingId: number) => `/api/listen/${token}/audio/${recordingId}`;

/** The story's own recordings: not a family member's reply. */
const toldInStory = (storyId: number) => and(eq(recordings.storyId, storyId), isNull(recordings.familyMemberId));

/** GET /api/listen/{token}: the page's content, or the link's 404. */
export async function listeningPage(db: Database, token: string): Promise<ListeningPage> {
  const link = await liveListeningLink(db, token);
  if (!link) throw linkNotFound();
  const [row] = await db
    .select({
      title: stories.title,
      language: autobiographies.language,
      bookAuthor: autobiographies.authorName,
      owner: { authorName: users.authorName, firstName: users.firstName, lastName: users.lastName },
    })
    .from(stories)
    .innerJoin(autobiographies, eq(autobiographies.id, link.autobiographyId))
    .innerJoin(users, eq(users.id, stories.userId))
    .where(and(eq(stories.id, link.storyId), eq(stories.userId, link.userId)));
  if (!row) throw linkNotFound();
  const told = await db
    .select({ id: recordings.id, duration: recordings.duration })
    .from(recordings)
    .where(toldInStory(link.storyId))
    .orderBy(asc(recordings.orderIndex), asc(recordings.id));
  return {
    title: row.title,
    // The name the book is signed with; the owner's signature when the book has none.
    teller: row.bookAuthor?.trim() || signatureName(row.owner),
    language: row.language,
    recordings: told.map((recording) => ({ id: recording.id, durationSeconds: recording.duration, audioUrl: listeningAudioPath(token, recording.id) })),
  };
}

/** The recording a link may play: one of its story's own, now; else the matching 404. */
export async function listeningRecording(db: Database, token: string, recordingId: number | null) {
  const link = await liveListeningLink(db, token);
  if (!link) throw linkNotFound();
  if (recordingId === null) throw audioNotFound();
  const [recording] = await db
    .select({ id: recordings.id, audioKey: recordings.audioKey, mimeType: recordings.mimeType })
    .from(recordings)
    .where(and(eq(recordings.id, recordingId), eq(recordings.userId, link.userId), toldInStory(link.storyId)));
  if (!recording) throw audioNotFound();
  return recording;
}
