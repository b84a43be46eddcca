import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { RECORDING_STATUSES } from '../../contract/recording-limits.ts';
import { CREATIVITY_LEVELS, POINTS_OF_VIEW, STORY_STYLES, type StoryMetadata, TONES } from '../../contract/story-options.ts';
import { STORY_PROCESSING_STATUSES } from '../../contract/story-status.ts';
import { TEMPORAL_TYPES } from '../../contract/temporal.ts';
import type { RecordingSettings } from './recording-settings.ts';
import { AUTOBIOGRAPHY_STATUSES } from '../../contract/autobiography.ts';
import { NARRATION_STATES } from '../../contract/publishing.ts';
import type { StoredBookChapter } from './book-chapters.ts';
import { ARCHIVE_EXPORT_STATES, ARCHIVE_IMPORT_STATES } from '../../contract/archive.ts';
import { FAMILY_NOTICES, FAMILY_REACTIONS } from '../../contract/family.ts';
import type { ParagraphSources, TranscriptTimings } from '../../contract/voice.ts';
import { PRINT_STATES, PRINT_TRIMS, type PrintPhotoWarning } from '../../contract/print-book.ts';
import { RESUMABLE_UPLOAD_STATES } from '../../contract/resumable-uploads.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const ownerId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A check that a text column holds one of the contract's values (see docs/decisions/008-background-jobs.md). */
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

/** Temporal context columns shared by stories and recordings (spec: "Temporal context"). */
const temporalColumns = () => ({
  temporalType: text('temporal_type', { enum: TEMPORAL_TYPES }),
  specificDate: date('specific_date'),
  month: integer('month'),
  year: integer('year'),
  endYear: integer('end_year'),
});

/**
 * List columns kept by PostgreSQL itself, so no code path that writes a story can forget them
 * (docs/decisions/023-list-pagination-and-indexes.md): the word count of the text (tags removed,
 * split at whitespace as `wordsOf` does), and where the story stands in the timeline (its own time
 * when it has one, else its creation day in UTC; `story_placed_by_own_time` is the one rule).
 */
const JS_WHITESPACE = String.raw`\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`;
export const wordCountOf = (column: AnyPgColumn | SQL) =>
  sql`regexp_count(regexp_replace(coalesce(${column}, ''), '<[^>]*>', ' ', 'g'), '[^${sql.raw(JS_WHITESPACE)}]+')`;
export const placedByOwnTime = (t: { temporalType: AnyPgColumn; year: AnyPgColumn }) => sql`story_placed_by_own_time(${t.temporalType}, ${t.year})`;
const createdDayUtc = sql`(created_at at time zone 'UTC')`;

// ---------------------------------------------------------------- accounts

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    authorName: text('author_name'),
    languagePreference: text('language_preference'),
    profileImageUrl: text('profile_image_url'),
    /** When the person proved the address is theirs (a link opened, or a provider vouched); null: nothing but that link is mailed to it. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Family circle: new stories wait for the owner's "Share with family" instead of reaching readers when finished. */
    familyReviewFirst: boolean('family_review_first').notNull().default(false),
    /** The person's IANA time zone, for the weekly question e-mail. */
    timeZone: text('time_zone'),
    /** The weekly question e-mail: day (0 Sunday .. 6) and minute of the day, local time; null day: not wanted. */
    weeklyQuestionDay: integer('weekly_question_day'),
    weeklyQuestionMinute: integer('weekly_question_minute'),
    /** The person asked to delete the account: it can no longer be used, and the delete-account job removes everything (server/account-deletion). */
    deletionStartedAt: timestamp('deletion_started_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    check('users_language_check', sql`${t.languagePreference} in ('en', 'fi')`),
  ],
);

/** One way of signing in: a local password, or a subject at an OpenID Connect provider. */
export const identities = pgTable(
  'identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    passwordHash: text('password_hash'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('identities_provider_subject').on(t.provider, t.subject), index('identities_user').on(t.userId)],
);

/**
 * One-time links to set a new password. The id is the SHA-256 of the link's token (as for
 * sessions); a link works once (usedAt) and until expiresAt.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user').on(t.userId)],
);

/** One-time links that verify an account's e-mail address; the id is the SHA-256 of the link's token. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verification_tokens_user').on(t.userId)],
);

/**
 * Server-side sessions; the id is the SHA-256 of the cookie's token, so a database leak gives no usable cookie.
 * `number` names a session in the signed-in devices list (the hash is never shown); `lastUsedAt` is
 * refreshed at most every few minutes (SESSION_LAST_USED_STEP_MS).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    number: integer('number').notNull().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_expires').on(t.expiresAt), uniqueIndex('sessions_number').on(t.number)],
);

// ---------------------------------------------------------------- stories

export const chapters = pgTable(
  'chapters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    title: text('title').notNull(),
    description: text('description'),
    orderIndex: integer('order_index').notNull().default(0),
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('chapters_user').on(t.userId, t.orderIndex)],
);

export const stories = pgTable(
  'stories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    language: text('language').notNull().default('en'),
    /** processing while the writer works; generated once written; draft when the writer fell back to the transcript. */
    processingStatus: text('processing_status', { enum: STORY_PROCESSING_STATUSES }).notNull().default('processing'),
    pointOfView: text('point_of_view', { enum: POINTS_OF_VIEW }).notNull().default('first'),
    storyStyle: text('story_style', { enum: STORY_STYLES }).notNull().default('auto'),
    tone: text('tone', { enum: TONES }),
    creativity: text('creativity', { enum: CREATIVITY_LEVELS }),
    promptQuestion: text('prompt_question'),
    questionId: text('question_id'),
    chapterId: integer('chapter_id').references(() => chapters.id, { onDelete: 'set null' }),
    chapterOrder: integer('chapter_order'),
    metadata: jsonb('metadata').$type<StoryMetadata>().notNull().default({ people: [], locations: [], dates: [], storyType: 'other' }),
    ...temporalColumns(),
    hasNewRecordings: boolean('has_new_recordings').notNull().default(false),
    /** For each paragraph of `content`, the recording spans it comes from ("hear it", issue 29); null until marked. */
    paragraphSources: jsonb('paragraph_sources').$type<ParagraphSources>(),
    /** "Only me": hidden from every family reader, whatever their scope (issue 28). */
    onlyMe: boolean('only_me').notNull().default(false),
    /** When the story reached the family circle: on being finished, or by the owner's "Share with family" when they review first. */
    sharedWithFamilyAt: timestamp('shared_with_family_at', { withTimezone: true }),
    /** The photo shown for the story in lists, pages and books (the person's choice, or the photo it was told about). */
    coverPhotoId: integer('cover_photo_id').references((): AnyPgColumn => photos.id, { onDelete: 'set null' }),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    /** When the person last edited the title or content by hand; the writer keeps them unless asked to replace them. */
    titleEditedAt: timestamp('title_edited_at', { withTimezone: true }),
    contentEditedAt: timestamp('content_edited_at', { withTimezone: true }),
    /** When the follow-up questions job last finished for this story: a Refresh with nothing changed since answers at once. */
    followUpsCheckedAt: timestamp('follow_ups_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    wordCount: integer('word_count')
      .notNull()
      .generatedAlwaysAs(() => wordCountOf(sql`content`)),
    timelineYear: integer('timeline_year')
      .notNull()
      .generatedAlwaysAs(() => sql`case when story_placed_by_own_time(temporal_type, year) then year else extract(year from ${createdDayUtc})::integer end`),
    timelineDate: date('timeline_date')
      .notNull()
      .generatedAlwaysAs(
        () =>
          sql`case when story_placed_by_own_time(temporal_type, year) then coalesce(specific_date, make_date(year, case when month between 1 and 12 then month else 1 end, 1)) else ${createdDayUtc}::date end`,
      ),
  },
  (t) => [
    // Keyset pages of the library (newest first, ties by id), all and unassigned, and of the timeline;
    // ascending, read backwards: ORDER BY ... DESC and the row comparison (a, b) < (x, y) both use them.
    index('stories_user_created_id').on(t.userId, t.createdAt, t.id),
    index('stories_unassigned_created_id').on(t.userId, t.createdAt, t.id).where(sql`${t.chapterId} is null`),
    index('stories_user_timeline').on(t.userId, t.timelineYear, t.timelineDate, t.createdAt, t.id),
    index('stories_user_chapter').on(t.userId, t.chapterId),
    check('stories_processing_status_check', oneOf(t.processingStatus, STORY_PROCESSING_STATUSES)),
    check('stories_point_of_view_check', oneOf(t.pointOfView, POINTS_OF_VIEW)),
    check('stories_story_style_check', oneOf(t.storyStyle, STORY_STYLES)),
    check('stories_tone_check', oneOf(t.tone, TONES)),
    check('stories_creativity_check', oneOf(t.creativity, CREATIVITY_LEVELS)),
    check('stories_temporal_type_check', oneOf(t.temporalType, TEMPORAL_TYPES)),
  ],
);

export const coAuthorTokens = pgTable(
  'co_author_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the link's token, like sessions: the token itself is shown once, at creation (decision 028). */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('co_author_tokens_token_hash').on(t.tokenHash), uniqueIndex('co_author_tokens_story').on(t.storyId)],
);

export const recordings = pgTable(
  'recordings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    storyId: integer('story_id').references(() => stories.id, { onDelete: 'cascade' }),
    orderIndex: integer('order_index').notNull().default(0),
    /** Key of the audio in blob storage (local folder or S3). */
    audioKey: text('audio_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    filename: text('filename'),
    duration: real('duration'),
    transcription: text('transcription'),
    /** The engine's timed pieces as it gave them (the archive's WebVTT reads the timings below first). */
    transcriptionSegments: jsonb('transcription_segments').$type<{ start: number; end: number; text: string }[]>(),
    /** Where each sentence (and word, where the engine said) was spoken, kept through hand corrections; null until timed (issue 29). */
    transcriptTimings: jsonb('transcript_timings').$type<TranscriptTimings>(),
    detectedLanguage: text('detected_language'),
    processingStatus: text('processing_status', { enum: RECORDING_STATUSES }).notNull().default('uploaded'),
    transcriptionError: text('transcription_error'),
    /** When the person corrected the transcript by hand; re-transcribing it needs their yes. */
    transcriptionEditedAt: timestamp('transcription_edited_at', { withTimezone: true }),
    /** What the uploader asked for: models, temperature, language, tone, context (spec 7.3 upload fields). */
    settings: jsonb('settings').$type<RecordingSettings>().notNull().default({}),
    promptQuestion: text('prompt_question'),
    questionId: text('question_id'),
    ...temporalColumns(),
    contributorName: text('contributor_name'),
    /** Hash of the co-author browser's own key: deleting a contribution needs that browser. */
    contributorKeyHash: text('contributor_key_hash'),
    coAuthorTokenId: integer('co_author_token_id').references(() => coAuthorTokens.id, { onDelete: 'set null' }),
    /** "Tell me about this picture": the photo this recording was told about. */
    aboutPhotoId: integer('about_photo_id').references((): AnyPgColumn => photos.id, { onDelete: 'set null' }),
    /** A family reader's voice reply on this story: a contribution under their name, like a co-author's. */
    familyMemberId: integer('family_member_id').references((): AnyPgColumn => familyMembers.id, { onDelete: 'set null' }),
    /** The id the recording device gave the take (issue 31): one recording per take and account, however often it is sent. */
    takeId: uuid('take_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    transcriptionWordCount: integer('transcription_word_count')
      .notNull()
      .generatedAlwaysAs(() => wordCountOf(sql`transcription`)),
  },
  (t) => [
    // Keyset pages of the recordings list, all and those in no story.
    index('recordings_user_created_id').on(t.userId, t.createdAt, t.id),
    index('recordings_unassigned_created_id').on(t.userId, t.createdAt, t.id).where(sql`${t.storyId} is null`),
    index('recordings_story').on(t.storyId, t.orderIndex),
    index('recordings_status').on(t.processingStatus),
    uniqueIndex('recordings_user_take').on(t.userId, t.takeId),
    check('recordings_processing_status_check', oneOf(t.processingStatus, RECORDING_STATUSES)),
    check('recordings_temporal_type_check', oneOf(t.temporalType, TEMPORAL_TYPES)),
  ],
);

/** PostgreSQL's text search document; written only by the database's triggers. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A story's search document: title, content and its recordings' transcripts, stemmed in the
 * story's language. Kept by triggers on stories and recordings (migration 0008,
 * docs/decisions/020-search.md), in its own table so that story reads never carry it.
 */
export const storySearchDocuments = pgTable(
  'story_search_documents',
  {
    storyId: integer('story_id')
      .primaryKey()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    document: tsvector('document').notNull(),
  },
  (t) => [index('story_search_documents_document').using('gin', t.document), index('story_search_documents_user').on(t.userId)],
);

// ---------------------------------------------------------------- people and places

export const people = pgTable(
  'people',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    name: text('name').notNull(),
    relationship: text('relationship'),
    characterization: text('characterization'),
    /** The photo shown for the person in the People list and on their page, instead of initials. */
    portraitPhotoId: integer('portrait_photo_id').references((): AnyPgColumn => photos.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('en'),
    enrichedInfo: jsonb('enriched_info').$type<string | Record<string, unknown>>(),
    /** A refresh of enrichedInfo is queued or running (server/people-and-places). */
    enrichmentRefreshing: boolean('enrichment_refreshing').notNull().default(false),
    /** Why the last refresh failed (catalogue text); null after a success. */
    enrichmentError: text('enrichment_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('people_user').on(t.userId)],
);

export const places = pgTable(
  'places',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    name: text('name').notNull(),
    type: text('type'),
    description: text('description'),
    significance: text('significance'),
    language: text('language').notNull().default('en'),
    enrichedInfo: jsonb('enriched_info').$type<string | Record<string, unknown>>(),
    /** A refresh of enrichedInfo is queued or running (server/people-and-places). */
    enrichmentRefreshing: boolean('enrichment_refreshing').notNull().default(false),
    /** Why the last refresh failed (catalogue text); null after a success. */
    enrichmentError: text('enrichment_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('places_user').on(t.userId)],
);

export const recordingPeople = pgTable(
  'recording_people',
  {
    recordingId: integer('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.personId] }), index('recording_people_person').on(t.personId)],
);

export const recordingPlaces = pgTable(
  'recording_places',
  {
    recordingId: integer('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.placeId] }), index('recording_places_place').on(t.placeId)],
);

/** Names found in stories that the user tied to a person ("linked labels"). */
export const personLabels = pgTable(
  'person_labels',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.label] })],
);

export const placeLabels = pgTable(
  'place_labels',
  {
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
  },
  (t) => [primaryKey({ columns: [t.placeId, t.label] })],
);

// ---------------------------------------------------------------- questions, books, publishing

export const followUpQuestions = pgTable(
  'follow_up_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    language: text('language').notNull().default('en'),
    isAnswered: boolean('is_answered').notNull().default(false),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answerStoryId: integer('answer_story_id').references(() => stories.id, { onDelete: 'set null' }),
    answerRecordingId: integer('answer_recording_id').references(() => recordings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('follow_up_questions_story').on(t.storyId), index('follow_up_questions_user').on(t.userId, t.isAnswered)],
);

/**
 * The interviewer's questions for the untold parts of a life (a decade, a person or place
 * no story is about), written by the writer; one per gap and language, kept until the gap
 * is filled. Derived, so nothing the person made is stored here.
 */
export const interviewGapQuestions = pgTable(
  'interview_gap_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    gapKey: text('gap_key').notNull(),
    language: text('language').notNull(),
    question: text('question').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('interview_gap_questions_gap').on(t.userId, t.language, t.gapKey)],
);

export const autobiographies = pgTable(
  'autobiographies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    language: text('language').notNull().default('en'),
    processingStatus: text('processing_status', { enum: AUTOBIOGRAPHY_STATUSES }).notNull().default('processing'),
    /** The autobiography's voice and style, as asked for. */
    pointOfView: text('point_of_view', { enum: POINTS_OF_VIEW }).notNull().default('first'),
    storyStyle: text('story_style', { enum: STORY_STYLES }).notNull().default('auto'),
    /** The author name on the title page, as it was when the book was asked for. */
    authorName: text('author_name'),
    /** The autobiography's chapters, planned when asked for and filled in one by one by the job (progress, table of contents). */
    chapters: jsonb('chapters').$type<StoredBookChapter[]>().notNull().default([]),
    /** Why the autobiography failed; null while it is written or once it is. */
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('autobiographies_user').on(t.userId),
    check('autobiographies_processing_status_check', oneOf(t.processingStatus, AUTOBIOGRAPHY_STATUSES)),
    check('autobiographies_point_of_view_check', oneOf(t.pointOfView, POINTS_OF_VIEW)),
    check('autobiographies_story_style_check', oneOf(t.storyStyle, STORY_STYLES)),
  ],
);

export const autobiographyStories = pgTable(
  'autobiography_stories',
  {
    autobiographyId: integer('autobiography_id')
      .notNull()
      .references(() => autobiographies.id, { onDelete: 'cascade' }),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.autobiographyId, t.storyId] })],
);

export const publishedStories = pgTable(
  'published_stories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    /** The public copy: the story as it was when published (server/publishing). */
    title: text('title').notNull(),
    content: text('content').notNull(),
    authorName: text('author_name'),
    language: text('language').notNull().default('en'),
    /** The narration's MP3 in blob storage, once `audioStatus` is ready. */
    audioKey: text('audio_key'),
    audioStatus: text('audio_status', { enum: NARRATION_STATES }).notNull().default('none'),
    /** Why the narration failed (catalogue text); null otherwise. */
    narrationError: text('narration_error'),
    /** Which narration is wanted: each publish makes a new one, and a job working on an older one stores nothing. */
    narrationId: text('narration_id'),
    narrationVoice: text('narration_voice'),
    narrationSpeed: real('narration_speed'),
    /** The owner let readers hear the story in their own voice: the paragraphs' spans as published, null when not (issue 29). */
    voiceSources: jsonb('voice_sources').$type<ParagraphSources>(),
    ...temporalColumns(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('published_stories_slug').on(t.slug),
    uniqueIndex('published_stories_story').on(t.storyId),
    check('published_stories_temporal_type_check', oneOf(t.temporalType, TEMPORAL_TYPES)),
    check('published_stories_audio_status_check', oneOf(t.audioStatus, NARRATION_STATES)),
  ],
);

/**
 * Slugs a public copy gave up (unpublished, moved to another slug, its story or account
 * deleted), kept for the account that held them for SLUG_RESERVATION_DAYS so an old shared
 * link never shows a stranger's story. Written by a trigger on published_stories (every
 * way a slug goes, cascades included); no foreign key: a deleted account's slugs stay held.
 */
export const retiredSlugs = pgTable('retired_slugs', {
  slug: text('slug').primaryKey(),
  /** Null once the account is deleted: the slug stays held for no one until its time is up. */
  userId: uuid('user_id'),
  retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------- the archive (docs/decisions/034-the-archive.md)

/** One export of the whole account as a ZIP (server/archive/export): built by a job, downloadable until expiresAt. */
export const archiveExports = pgTable(
  'archive_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    state: text('state', { enum: ARCHIVE_EXPORT_STATES }).notNull().default('queued'),
    /** The interface language of the person who asked: README.txt, index.html and the e-mail are in it. */
    language: text('language').notNull().default('en'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    /** The ZIP in blob storage, once ready: users/{userId}/exports/{id}.zip. */
    blobKey: text('blob_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
    errorCode: text('error_code'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('archive_exports_user').on(t.userId, t.createdAt), check('archive_exports_state_check', oneOf(t.state, ARCHIVE_EXPORT_STATES))],
);

/**
 * One import of an archive (server/archive/import): its pieces arrive as blobs
 * (users/{userId}/imports/{id}/{index}), then a job reads them into the account at once.
 */
export const archiveImports = pgTable(
  'archive_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    state: text('state', { enum: ARCHIVE_IMPORT_STATES }).notNull().default('uploading'),
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    /** What the import added, by kind, once done. */
    counts: jsonb('counts').$type<Record<string, number>>(),
    error: text('error'),
    errorCode: text('error_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('archive_imports_user').on(t.userId, t.createdAt), check('archive_imports_state_check', oneOf(t.state, ARCHIVE_IMPORT_STATES))],
);

/**
 * A recording uploaded in pieces (issue 31, server/recordings/resumable/): its pieces arrive as
 * blobs (users/{userId}/uploads/{id}/{index}); finishing makes the recording. One per take and
 * account, so a take sent again continues (or answers) the upload it already has.
 */
export const recordingUploads = pgTable(
  'recording_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    takeId: uuid('take_id').notNull(),
    state: text('state', { enum: RESUMABLE_UPLOAD_STATES }).notNull().default('uploading'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    receivedBytes: bigint('received_bytes', { mode: 'number' }).notNull().default(0),
    /** What the device said the audio is; the type is sniffed from the bytes all the same. */
    mimeType: text('mime_type').notNull(),
    /** The multipart upload's text fields, as sent (checked by its rules at the start and again at the finish). */
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    /** The recording it became; the upload goes with it. */
    recordingId: integer('recording_id').references(() => recordings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('recording_uploads_user_take').on(t.userId, t.takeId),
    index('recording_uploads_state_updated').on(t.state, t.updatedAt),
    check('recording_uploads_state_check', oneOf(t.state, RESUMABLE_UPLOAD_STATES)),
  ],
);

// ---------------------------------------------------------------- background work

/**
 * Who is working on what. A job holds its entity's lease (`recording:12`, `story:7`) while
 * it runs and renews it; a lease nobody renewed has expired, so its worker died and the
 * work may be taken over. The queue library's own tables are never written by the app.
 */
export const jobLeases = pgTable('job_leases', {
  key: text('key').primaryKey(),
  /** The queue job that holds it. */
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Request counters of the rate limits, one row per limit and key (`sign-in:ip:1.2.3.4`),
 * shared by every API server on the database. A row counts hits until `resets_at`; an
 * expired row starts over on its next hit and is swept now and then.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_resets').on(t.resetsAt)],
);

// ---------------------------------------------------------------- photos

/**
 * A photo (issue 27, decision 035): the original as uploaded and two derived copies (thumb,
 * display), all in blob storage under `users/{userId}/photos/{id}/`. It lives in at most one
 * home (a story, a recording, a person or a place); none yet when uploaded for "Tell me about
 * this picture". Deleting its home deletes it (the home's delete dialog says so).
 */
export const photos = pgTable(
  'photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    storyId: integer('story_id').references((): AnyPgColumn => stories.id, { onDelete: 'cascade' }),
    recordingId: integer('recording_id').references((): AnyPgColumn => recordings.id, { onDelete: 'cascade' }),
    personId: integer('person_id').references((): AnyPgColumn => people.id, { onDelete: 'cascade' }),
    placeId: integer('place_id').references((): AnyPgColumn => places.id, { onDelete: 'cascade' }),
    /** Order within its home, 0 first. */
    position: integer('position').notNull().default(0),
    caption: text('caption').notNull().default(''),
    /** The sniffed type of the original (contract/photos.ts PHOTO_TYPES). */
    originalType: text('original_type').notNull(),
    /** As shown: EXIF orientation applied. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Bytes of the original, and of all its stored copies together (the account's photo quota counts these). */
    originalBytes: bigint('original_bytes', { mode: 'number' }).notNull(),
    storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull(),
    /** EXIF DateTimeOriginal's day, as the camera wrote it; offered as a time period, never applied silently. */
    takenOn: date('taken_on'),
    /** The original has a GPS position: it stays in the owner's original, and no served copy carries it. */
    hasLocation: boolean('has_location').notNull().default(false),
    /** A relative's photo, added through a co-author link (the same rules as their recordings). */
    contributorName: text('contributor_name'),
    contributorKeyHash: text('contributor_key_hash'),
    coAuthorTokenId: integer('co_author_token_id').references(() => coAuthorTokens.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('photos_user_created').on(t.userId, t.createdAt, t.id),
    index('photos_story').on(t.storyId, t.position),
    index('photos_recording').on(t.recordingId, t.position),
    index('photos_person').on(t.personId, t.position),
    index('photos_place').on(t.placeId, t.position),
    check('photos_one_home', sql`num_nonnulls(${t.storyId}, ${t.recordingId}, ${t.personId}, ${t.placeId}) <= 1`),
  ],
);

/**
 * The photos a public copy shows (decision 035): chosen when the story is published, like
 * its text, with their captions as they were then, the cover first. A photo added later (by
 * the owner or a relative) is public only after the next publish; a photo deleted is gone
 * from the page at once (the row cascades).
 */
export const publishedPhotos = pgTable(
  'published_photos',
  {
    publishedStoryId: integer('published_story_id')
      .notNull()
      .references(() => publishedStories.id, { onDelete: 'cascade' }),
    photoId: integer('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    /** Order on the page, 0 first: the cover. */
    position: integer('position').notNull(),
    caption: text('caption').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.publishedStoryId, t.photoId] }), index('published_photos_photo').on(t.photoId)],
);

// ---------------------------------------------------------------- family circle (issue 28, decision 036)

/**
 * A relative in the owner's (userId's) family circle: invited (by e-mail or a link handed
 * over), then a reader once the link is opened. Removing the row ends every sign-in of it.
 */
export const familyMembers = pgTable(
  'family_members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    name: text('name'),
    email: text('email'),
    language: text('language').notNull().default('en'),
    /** True: the whole archive; false: the stories of the chapters in family_member_chapters. */
    scopeAll: boolean('scope_all').notNull().default(true),
    notice: text('notice', { enum: FAMILY_NOTICES }).notNull().default('each'),
    /** SHA-256 of the invitation link's token, until it is used (the link works once). */
    invitationTokenHash: text('invitation_token_hash'),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }),
    /** The account the reader later signed in with, to read on any device (null: this device's sign-in only). */
    readerUserId: uuid('reader_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('family_members_user').on(t.userId),
    index('family_members_reader_user').on(t.readerUserId),
    uniqueIndex('family_members_invitation').on(t.invitationTokenHash),
    check('family_members_language_check', sql`${t.language} in ('en', 'fi')`),
    check('family_members_notice_check', oneOf(t.notice, FAMILY_NOTICES)),
  ],
);

/** The chapters a member with a chosen scope sees. */
export const familyMemberChapters = pgTable(
  'family_member_chapters',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => familyMembers.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.chapterId] }), index('family_member_chapters_chapter').on(t.chapterId)],
);

/**
 * A reader's sign-in on one device: the cookie holds a random token, this its SHA-256. One
 * device may read several circles (one row per member, the same token).
 */
export const familySessions = pgTable(
  'family_sessions',
  {
    tokenHash: text('token_hash').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => familyMembers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.memberId] }), index('family_sessions_member').on(t.memberId)],
);

/** A comment on a story, by a reader (memberId) or by the owner answering (memberId null). */
export const storyComments = pgTable(
  'story_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    memberId: integer('member_id').references(() => familyMembers.id, { onDelete: 'set null' }),
    /** The writer's name as it was when written: a removed reader's comment keeps it. */
    authorName: text('author_name').notNull(),
    /** The storyteller's answer, not a reader's: a removed reader's comment loses its memberId, never its author. */
    byTeller: boolean('by_teller').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('story_comments_story').on(t.storyId, t.createdAt)],
);

/** One reaction per reader and story. */
export const storyReactions = pgTable(
  'story_reactions',
  {
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => familyMembers.id, { onDelete: 'cascade' }),
    reaction: text('reaction', { enum: FAMILY_REACTIONS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.memberId] }), check('story_reactions_reaction_check', oneOf(t.reaction, FAMILY_REACTIONS))],
);

/** A question a reader asks the storyteller; answered by a story (the asker is told once). */
export const familyQuestions = pgTable(
  'family_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    memberId: integer('member_id').references(() => familyMembers.id, { onDelete: 'set null' }),
    askerName: text('asker_name').notNull(),
    text: text('text').notNull(),
    answeredStoryId: integer('answered_story_id').references(() => stories.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    askerToldAt: timestamp('asker_told_at', { withTimezone: true }),
    /** When the weekly e-mail last carried it: the least recently asked comes first. */
    lastEmailedAt: timestamp('last_emailed_at', { withTimezone: true }),
    /** The storyteller set it aside: gone from their list and the weekly e-mail, kept (unanswered) in the asker's. */
    setAsideAt: timestamp('set_aside_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('family_questions_user').on(t.userId, t.createdAt)],
);

/** One weekly question e-mail per storyteller and slot: the unique key that keeps two workers from both sending it. */
export const weeklyQuestionSends = pgTable(
  'weekly_question_sends',
  {
    userId: ownerId(),
    /** The scheduled local slot, as an instant. */
    slotAt: timestamp('slot_at', { withTimezone: true }).notNull(),
    questionText: text('question_text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slotAt] })],
);

/**
 * The once-only link of a weekly question e-mail: it signs the storyteller in on that device
 * (when needed) and opens the recorder with the question. Its id is the token's SHA-256.
 */
export const recordLinks = pgTable(
  'record_links',
  {
    id: text('id').primaryKey(),
    userId: ownerId(),
    questionText: text('question_text').notNull(),
    /** The recorder's question id (a theme's, a gap prompt's, or `family:{id}`): what the story answering it carries. */
    questionId: text('question_id'),
    familyQuestionId: integer('family_question_id').references(() => familyQuestions.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('record_links_user').on(t.userId)],
);

/** A new story to tell a reader of: sent at once, or kept for their weekly digest (sentAt null until then). */
export const familyStoryNotices = pgTable(
  'family_story_notices',
  {
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => familyMembers.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.memberId] }), index('family_story_notices_waiting').on(t.memberId).where(sql`${t.sentAt} is null`)],
);

/** The print states a row can hold ('none' is the absence of a row). */
const STORED_PRINT_STATES = PRINT_STATES.filter((state) => state !== 'none');

/**
 * An autobiography's print-ready book (issue 30, decision 041): one per book, laid out again
 * when asked again. The two PDFs are in blob storage while ready:
 * users/{userId}/print/{id}/interior.pdf and cover.pdf.
 */
export const printBooks = pgTable(
  'print_books',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    autobiographyId: integer('autobiography_id')
      .notNull()
      .references(() => autobiographies.id, { onDelete: 'cascade' }),
    trim: text('trim', { enum: PRINT_TRIMS }).notNull(),
    /** The cover's photo (one of the book's stories'); the cover has none when it is deleted. */
    coverPhotoId: integer('cover_photo_id').references((): AnyPgColumn => photos.id, { onDelete: 'set null' }),
    dedication: text('dedication'),
    state: text('state', { enum: STORED_PRINT_STATES as ['queued', 'running', 'ready', 'failed'] }).notNull().default('queued'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    pageCount: integer('page_count'),
    spineInches: real('spine_inches'),
    warnings: jsonb('warnings').$type<PrintPhotoWarning[]>().notNull().default([]),
    interiorKey: text('interior_key'),
    coverKey: text('cover_key'),
    error: text('error'),
    errorCode: text('error_code'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('print_books_autobiography').on(t.autobiographyId),
    index('print_books_user').on(t.userId),
    check('print_books_state_check', oneOf(t.state, STORED_PRINT_STATES)),
    check('print_books_trim_check', oneOf(t.trim, PRINT_TRIMS)),
  ],
);

/**
 * A private listening link printed in a book as a QR code (issue 30): anyone holding it hears
 * that one story's recordings, without an account, until the owner turns the book's links off.
 * Kept across prints of the same book, so a printed copy keeps working; only the token's
 * SHA-256 is stored (decision 028).
 */
export const listeningLinks = pgTable(
  'listening_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: ownerId(),
    autobiographyId: integer('autobiography_id')
      .notNull()
      .references(() => autobiographies.id, { onDelete: 'cascade' }),
    storyId: integer('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('listening_links_token_hash').on(t.tokenHash), index('listening_links_book').on(t.autobiographyId, t.storyId)],
);
