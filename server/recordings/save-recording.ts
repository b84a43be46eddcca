import { and, eq } from 'drizzle-orm';
import { toLanguage } from '../../contract/languages.ts';
import { STORY_PLACEHOLDERS } from '../../contract/story-status.ts';
import type { UserRow } from '../auth/sessions.ts';
import type { Database } from '../db/client.ts';
import { people, places, recordingPeople, recordingPlaces, recordings, stories } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { nextOrderIndex } from './links.ts';
import type { UploadForm } from './upload-form.ts';
import type { UploadResult } from './upload-recording.ts';

export interface StoredAudio {
  audioKey: string;
  mimeType: string;
  durationSeconds: number;
}

/** Commits the recording row (and a new story, person or place its context asks for) in one transaction. */
export async function saveRecording(
  db: Database,
  user: UserRow,
  form: UploadForm,
  audio: StoredAudio,
  routeStoryId: number | undefined,
): Promise<UploadResult> {
  const { fields } = form;
  const language = toLanguage(fields.appLanguage ?? fields.language ?? user.languagePreference);
  const contextType = routeStoryId ? 'story' : (fields.contextType ?? 'new_story');

  return db.transaction(async (tx) => {
    let storyId: number | null = null;
    let personId: number | null = null;
    let placeId: number | null = null;

    if (contextType === 'story') {
      const id = routeStoryId ?? fields.contextId;
      if (!id) throw new HttpError(400, 'validation', 'contextId: Required', 'contextId');
      const [story] = await tx
        .select({ id: stories.id, processingStatus: stories.processingStatus })
        .from(stories)
        .where(and(eq(stories.id, id), eq(stories.userId, user.id)))
        .for('update');
      if (!story) throw notFound('Story not found');
      storyId = story.id;
      // A written story is not rewritten behind the person's back: it is marked, and they regenerate.
      await tx
        .update(stories)
        .set({ hasNewRecordings: story.processingStatus !== 'processing', updatedAt: new Date() })
        .where(eq(stories.id, story.id));
    } else if (contextType === 'new_story') {
      const [story] = await tx
        .insert(stories)
        .values({
          userId: user.id,
          title: fields.contextName ?? STORY_PLACEHOLDERS.title,
          content: STORY_PLACEHOLDERS.content,
          language,
          processingStatus: 'processing',
          tone: fields.tone,
          creativity: fields.creativity,
          promptQuestion: fields.promptQuestion,
          questionId: fields.questionId,
        })
        .returning({ id: stories.id });
      storyId = story.id;
    } else if (contextType === 'person') {
      personId = fields.contextId
        ? await ownedId(tx, people, user.id, fields.contextId, 'Person not found')
        : (await tx.insert(people).values({ userId: user.id, name: requiredName(fields.contextName), language }).returning())[0].id;
    } else {
      placeId = fields.contextId
        ? await ownedId(tx, places, user.id, fields.contextId, 'Place not found')
        : (await tx.insert(places).values({ userId: user.id, name: requiredName(fields.contextName), language }).returning())[0].id;
    }

    const orderIndex = storyId ? await nextOrderIndex(tx, storyId) : 0;

    const [recording] = await tx
      .insert(recordings)
      .values({
        userId: user.id,
        storyId,
        orderIndex,
        audioKey: audio.audioKey,
        mimeType: audio.mimeType,
        sizeBytes: form.audio.length,
        filename: form.filename?.slice(0, 200),
        duration: Math.round(audio.durationSeconds * 100) / 100,
        processingStatus: 'uploaded',
        promptQuestion: fields.promptQuestion,
        questionId: fields.questionId,
        settings: {
          language,
          temperature: fields.temperature,
          transcriptionModel: fields.transcriptionModel,
          storyGenerationModel: fields.storyGenerationModel,
          tone: fields.tone,
          creativity: fields.creativity,
          contextType,
          contextName: fields.contextName,
          clientDuration: fields.duration,
          clientTimestamp: fields.clientTimestamp,
          userAgent: fields.userAgent,
        },
      })
      .returning();
    if (personId) await tx.insert(recordingPeople).values({ recordingId: recording.id, personId });
    if (placeId) await tx.insert(recordingPlaces).values({ recordingId: recording.id, placeId });
    return { recording, storyId, isContextOnly: storyId === null };
  });
}

function requiredName(name: string | undefined): string {
  if (!name) throw new HttpError(400, 'validation', 'contextName: Required', 'contextName');
  return name;
}

async function ownedId(
  tx: Pick<Database, 'select'>,
  table: typeof people | typeof places,
  userId: string,
  id: number,
  message: string,
): Promise<number> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)));
  if (!row) throw notFound(message);
  return row.id;
}
