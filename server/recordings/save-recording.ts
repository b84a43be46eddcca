import { toLanguage } from '../../contract/languages.ts';
import { STORY_PLACEHOLDERS } from '../../contract/story-status.ts';
import type { Actor, SignedInActor } from '../access/actor.ts';
import { load } from '../access/loaders.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { UserRow } from '../auth/sessions.ts';
import type { Database } from '../db/client.ts';
import { people, places, recordingPeople, recordingPlaces, recordings, stories } from '../db/schema.ts';
import { linkAnswerRecording } from '../follow-ups/answer-link.ts';
import { fieldError } from '../http/errors.ts';
import { givePhotoToStory, photoToTellAbout } from './about-photo.ts';
import { placeInStory } from './place-in-story.ts';
import { takeIdOf } from './takes.ts';
import type { UploadForm } from './upload-form.ts';
import type { UploadResult } from './upload-recording.ts';

export interface StoredAudio {
  audioKey: string;
  mimeType: string;
  durationSeconds: number;
}

/**
 * Who added a recording to someone's story, kept on the row: a holder of its co-author link
 * (server/co-author/), or a family reader replying by voice (server/family/replies.ts).
 */
export type Contributor =
  | {
      name: string;
      tokenId: number;
      /** Hash of the contributing browser's key: only that browser may delete it. */
      keyHash: string;
    }
  | { name: string; familyMemberId: number };

/**
 * What the route's path named, authorized before the upload was read: the story of
 * `POST /api/stories/{id}/recordings`, or the person or place of `POST /api/people/{id}/recordings`
 * and `POST /api/places/{id}/recordings`. It decides the context whatever the form says.
 */
export type UploadTarget =
  | { kind: 'story'; row: Authorized<ResourceRows['story'], 'addRecording' | 'respond'>; contributor?: Contributor }
  | { kind: 'person'; row: Authorized<ResourceRows['person'], 'update'> }
  | { kind: 'place'; row: Authorized<ResourceRows['place'], 'update'> };

/**
 * Who uploads: the request's actor, who must be allowed whatever the form's context names,
 * and the account the recording is stored and counted under (a contribution's is the
 * story owner's, its actor the link's holder).
 */
export interface Uploader {
  actor: Actor;
  owner: UserRow;
}

/** A signed-in person's own upload. */
export const ownUpload = (actor: SignedInActor): Uploader => ({ actor, owner: actor.user });

/** Commits the recording row (and a new story, person or place its context asks for) in one transaction. */
export async function saveRecording(
  db: Database,
  { actor, owner: user }: Uploader,
  form: UploadForm,
  audio: StoredAudio,
  target: UploadTarget | undefined,
): Promise<UploadResult> {
  const { fields } = form;
  const routeStory = target?.kind === 'story' ? target.row : undefined;
  const contributor = target?.kind === 'story' ? target.contributor : undefined;
  // A contribution is in the story's language, whatever the contributor's browser speaks.
  const language = toLanguage(contributor ? routeStory!.language : (fields.appLanguage ?? fields.language ?? user.languagePreference));
  const contextType = target?.kind ?? fields.contextType ?? 'new_story';

  return db.transaction(async (tx) => {
    let storyId: number | null = null;
    let orderIndex = 0;
    let personId: number | null = null;
    let placeId: number | null = null;

    if (contextType === 'story') {
      if (!routeStory && !fields.contextId) throw fieldError('contextId', 'Required');
      // The route's story was authorized before the upload was read; a context id is authorized here.
      const story = routeStory ?? (await load(tx, actor, 'story', fields.contextId!, 'addRecording'));
      orderIndex = await placeInStory(tx, story);
      storyId = story.id;
    } else if (contextType === 'new_story') {
      const [story] = await tx
        .insert(stories)
        .values({
          userId: user.id,
          title: fields.contextName ?? STORY_PLACEHOLDERS.title,
          // A title typed for the new story is the person's: a hand edit the writer keeps (decision 009).
          titleEditedAt: fields.contextName ? new Date() : null,
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
      // The route's person was authorized before the upload was read; a context id is authorized here.
      if (target?.kind === 'person') personId = target.row.id;
      else personId = fields.contextId
        ? (await load(tx, actor, 'person', fields.contextId, 'update')).id
        : (await tx.insert(people).values({ userId: user.id, name: requiredName(fields.contextName), language }).returning())[0].id;
    } else if (contextType === 'place') {
      // The route's place was authorized before the upload was read; a context id is authorized here.
      if (target?.kind === 'place') placeId = target.row.id;
      else placeId = fields.contextId
        ? (await load(tx, actor, 'place', fields.contextId, 'update')).id
        : (await tx.insert(places).values({ userId: user.id, name: requiredName(fields.contextName), language }).returning())[0].id;
    }

    // Another user's photo is a 404, and nothing is stored (the route removes the audio).
    const aboutPhotoId = await photoToTellAbout(tx, actor, fields.aboutPhotoId, contributor !== undefined);
    const [recording] = await tx
      .insert(recordings)
      .values({
        userId: user.id,
        storyId,
        orderIndex,
        audioKey: audio.audioKey,
        mimeType: audio.mimeType,
        sizeBytes: form.sizeBytes,
        filename: form.filename?.slice(0, 200),
        duration: Math.round(audio.durationSeconds * 100) / 100,
        processingStatus: 'uploaded',
        promptQuestion: fields.promptQuestion,
        questionId: fields.questionId,
        contributorName: contributor?.name,
        contributorKeyHash: contributor && 'keyHash' in contributor ? contributor.keyHash : undefined,
        coAuthorTokenId: contributor && 'tokenId' in contributor ? contributor.tokenId : undefined,
        familyMemberId: contributor && 'familyMemberId' in contributor ? contributor.familyMemberId : undefined,
        aboutPhotoId,
        takeId: takeIdOf({ actor, owner: user }, fields),
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
    if (aboutPhotoId && storyId) await givePhotoToStory(tx, aboutPhotoId, storyId);
    // A contribution answers none of the owner's questions.
    if (!contributor) await linkAnswerRecording(tx, recording);
    return { recording, storyId, isContextOnly: storyId === null };
  });
}

function requiredName(name: string | undefined): string {
  if (!name) throw fieldError('contextName', 'Required');
  return name;
}
