import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { recordings } from '../db/schema.ts';
import type { Uploader } from './save-recording.ts';
import type { UploadFields } from './upload-form.ts';
import type { UploadResult } from './upload-recording.ts';

/**
 * The device's id of the take an upload carries (issue 31), kept only for a person's own
 * upload: a link's holder or a family reader uploads into someone else's account, whose
 * takes are not theirs to name.
 */
export function takeIdOf(uploader: Uploader, fields: UploadFields): string | undefined {
  const own = uploader.actor.kind === 'user' && uploader.actor.user.id === uploader.owner.id;
  return own ? fields.takeId : undefined;
}

/**
 * The recording a take already became in this account (one per take: `recordings_user_take`),
 * as the answer its first upload had, marked `alreadyStored`.
 */
export async function storedTake(db: Pick<Database, 'select'>, userId: string, takeId: string): Promise<UploadResult | undefined> {
  const [recording] = await db.select().from(recordings).where(and(eq(recordings.userId, userId), eq(recordings.takeId, takeId)));
  return recording && storedBefore(recording);
}

/** A recording saved before, as an upload's result (answered 200: nothing new was kept). */
export const storedBefore = (recording: typeof recordings.$inferSelect): UploadResult => ({
  recording,
  storyId: recording.storyId,
  isContextOnly: recording.storyId === null,
  alreadyStored: true,
});
