import { z } from 'zod';
import { idSchema } from './ids.ts';
import { LANGUAGES } from './languages.ts';

// The family circle (issue 28, decision 036): relatives the owner invites read what is
// shared with them, comment, react, reply by voice and ask the storyteller questions.

/** How a reader hears of new stories: each one by itself, a weekly digest, or not at all. */
export const FAMILY_NOTICES = ['each', 'weekly', 'off'] as const;
export type FamilyNotice = (typeof FAMILY_NOTICES)[number];

/** The reactions a reader may leave on a story (one per reader and story). */
export const FAMILY_REACTIONS = ['heart', 'smile', 'tears', 'hug'] as const;
export type FamilyReaction = (typeof FAMILY_REACTIONS)[number];

export const FAMILY_MEMBER_NAME_MAX = 80;
export const FAMILY_COMMENT_MAX = 2000;
export const FAMILY_QUESTION_MAX = 300;
/** An invitation link not yet opened works this long; then the owner makes a new one. */
export const FAMILY_INVITATION_DAYS = 30;
/** A reader's sign-in on one device lasts this long from its last use. */
export const FAMILY_SIGN_IN_DAYS = 400;
/** The once-only link in a weekly question e-mail that opens the recorder (and signs in). */
export const RECORD_LINK_DAYS = 14;
export const FAMILY_MEMBERS_MAX = 50;
/** Cookie of a reader's sign-in on this device (server/family); separate from the account session. */
export const FAMILY_COOKIE = 'saaga_family';

/** What a member sees: the whole archive, or the stories of chosen chapters. Never "only me" stories. */
export const familyScopeSchema = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z.object({ chapterIds: z.array(idSchema).min(1).max(500) }).strict(),
]);
export type FamilyScope = z.infer<typeof familyScopeSchema>;

export const familyInvitationSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional(),
    /** Who the owner is inviting, as the owner calls them ("Aino"); the reader may change it when joining. */
    name: z.string().trim().min(1).max(FAMILY_MEMBER_NAME_MAX).optional(),
    /** The language of the invitation e-mail and of what the reader is sent later. */
    language: z.enum(LANGUAGES).optional(),
    scope: familyScopeSchema,
  })
  .strict();
export type FamilyInvitationInput = z.infer<typeof familyInvitationSchema>;

/** 201 to POST /api/family/invitations: the link is shown (and e-mailed) once; only its hash is kept. */
export interface FamilyInvitationCreated {
  id: number;
  link: string;
  emailed: boolean;
}

/** A member of the circle, as the owner sees it (GET /api/family/members). */
export interface FamilyMemberView {
  id: number;
  name: string | null;
  email: string | null;
  scope: FamilyScope;
  /** invited: the link is not opened yet; expired: not opened in time; joined: reading. */
  state: 'invited' | 'expired' | 'joined';
  invitedAt: string;
  joinedAt: string | null;
  lastVisitedAt: string | null;
  notice: FamilyNotice;
}

export const familyMemberPatchSchema = z.object({ scope: familyScopeSchema }).strict();

/** POST /api/family/join/{token}: the reader's own name and language. */
export const familyJoinSchema = z
  .object({
    name: z.string().trim().min(1).max(FAMILY_MEMBER_NAME_MAX),
    language: z.enum(LANGUAGES).optional(),
  })
  .strict();

/** The reader's own settings (PATCH /api/family/me). */
export const familyReaderPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(FAMILY_MEMBER_NAME_MAX).optional(),
    language: z.enum(LANGUAGES).optional(),
    notice: z.enum(FAMILY_NOTICES).optional(),
  })
  .strict();

export const familyCommentSchema = z.object({ body: z.string().trim().min(1).max(FAMILY_COMMENT_MAX) }).strict();
export const familyReactionSchema = z.object({ reaction: z.enum(FAMILY_REACTIONS) }).strict();
export const familyQuestionSchema = z
  .object({
    text: z.string().trim().min(3).max(FAMILY_QUESTION_MAX),
    /** The circle (member id) to ask in, when the reader is in more than one; else their only one. */
    circle: idSchema.optional(),
  })
  .strict();

/** The weekly question e-mail's schedule, in the storyteller's own time zone (PATCH /api/family/weekly-question). */
export const weeklyQuestionSettingsSchema = z
  .object({
    enabled: z.boolean(),
    /** 0 Sunday .. 6 Saturday, as cron and JavaScript count. */
    day: z.number().int().min(0).max(6),
    /** Minutes after midnight, local time: 9:30 is 570. */
    minute: z.number().int().min(0).max(1439),
    /** An IANA time zone ("Europe/Helsinki"), checked with Intl on the server. */
    timeZone: z.string().min(1).max(64),
  })
  .strict();
export type WeeklyQuestionSettings = z.infer<typeof weeklyQuestionSettingsSchema>;

/** GET /api/family/me: the circles this browser reads (the device's sign-in and the account's claimed ones). */
export interface FamilyCircleView {
  /** The member id: what `circle` names in the reader's calls. */
  circle: number;
  /** The storyteller: their author name, else first name. */
  tellerName: string;
  /** The reader's own name, language and how they hear of new stories, in this circle. */
  name: string;
  language: (typeof LANGUAGES)[number];
  notice: FamilyNotice;
  /** Whether a signed-in account reads this circle too (so other devices can, after signing in). */
  onAccount: boolean;
}

/** One comment on a story, for its readers and its owner. */
export interface FamilyCommentView {
  id: number;
  authorName: string;
  /** Written by the storyteller (an answer), not a reader. */
  byTeller: boolean;
  /** The caller's own: they may delete it. */
  mine: boolean;
  body: string;
  createdAt: string;
}

/** A reader's voice reply: a recording on the story under their name. */
export interface FamilyReplyView {
  id: number;
  authorName: string;
  mine: boolean;
  duration: number | null;
  /** Where its audio plays for the caller. */
  audioUrl: string;
  createdAt: string;
}

/** GET /api/family/stories/{id}/responses (reader) and GET /api/stories/{id}/responses (owner). */
export interface FamilyResponsesView {
  comments: FamilyCommentView[];
  /** Each reaction with how many left it, and whether the caller did. */
  reactions: { reaction: FamilyReaction; count: number; mine: boolean }[];
  replies: FamilyReplyView[];
}

/** A question asked of the storyteller: the reader's own list, and the owner's in the interviewer. */
export interface FamilyQuestionView {
  id: number;
  askerName: string;
  text: string;
  createdAt: string;
  /** The story that answers it, once told. */
  answeredStoryId: number | null;
}

/** The recorder's question id for a relative's question: stories answering it carry it (stories.question_id). */
export const familyQuestionId = (id: number) => `family:${id}`;
export const FAMILY_QUESTION_ID_PATTERN = /^family:(\d+)$/;

// ---- helper "circle" (server/family invitations, members, join): shapes the client reads too.

/** GET/PATCH /api/family/settings: whether new stories wait for the owner's "Share with family". */
export const familySettingsSchema = z.object({ reviewFirst: z.boolean() }).strict();
export type FamilySettings = z.infer<typeof familySettingsSchema>;

/** 201 to POST /api/family/members/{id}/link: a new once-only link, shown once. */
export interface FamilyLinkCreated {
  link: string;
}

/** GET /api/family/join/{token}: what the join page shows (unknown, used or expired: 404 invalid_family_link; the owner's own: 400 own_circle). */
export interface FamilyJoinPreview {
  tellerName: string;
  /** The name the owner gave the relative, to start the name field with. */
  name: string | null;
  language: (typeof LANGUAGES)[number];
}

/** 200 to POST /api/family/join/{token}: the circle (member id) this device now reads. */
export interface FamilyJoined {
  circle: number;
}

// ---- the family circle's e-mails (helper 4, "mail")

/** GET /api/family/weekly-question: the schedule as stored; `timeZone` null until chosen (the client offers the browser's). */
export interface WeeklyQuestionSettingsView {
  enabled: boolean;
  day: number;
  minute: number;
  timeZone: string | null;
}

/** POST /api/record-links/{token}: the question the e-mail asked, for the recorder to show (and the story to carry). */
export interface RecordLinkOpened {
  question: string;
  /** The recorder's question id (`family:{id}`, a theme's, a gap's), or null when none is known. */
  questionId: string | null;
  /** The browser was not signed in as the storyteller, and now is. */
  signedIn: boolean;
}

/** POST /api/email/unsubscribe?token=: what the link stopped. */
export interface UnsubscribeResult {
  stopped: 'weekly' | 'notices';
}

/** POST /api/stories/{id}/share-with-family: when the story reached the circle. */
export interface SharedWithFamily {
  sharedWithFamilyAt: string;
}
