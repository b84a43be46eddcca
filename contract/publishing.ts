import { z } from 'zod';
import { DEFAULT_TTS_SPEED, DEFAULT_TTS_VOICE } from './ai-settings.ts';
import { languageSchema } from './languages.ts';
import { publicPhotoSchema } from './photos.ts';

/** Publish progress (spec 9.4): each stage's percentage, in order. */
export const PUBLISH_PROGRESS = { preparing: 10, uploading: 30, generating: 60, finalizing: 90, complete: 100 } as const;
export type PublishStage = keyof typeof PUBLISH_PROGRESS;

/**
 * Where a published story's narration is. `none`: published without audio. `waiting`: the
 * job is queued (or waits for the narrator). `generating`: speaking the pieces.
 * `finalizing`: joining and storing the audio. `ready`: `audioUrl` plays. `failed`: the
 * text is public, the audio is not; republishing tries again.
 */
export const NARRATION_STATES = ['none', 'waiting', 'generating', 'finalizing', 'ready', 'failed'] as const;
export type NarrationState = (typeof NARRATION_STATES)[number];

/** The card's stage for a narration state: the real work, never a timer. */
export function publishStageOf(narration: NarrationState): PublishStage {
  if (narration === 'waiting') return 'uploading';
  if (narration === 'generating') return 'generating';
  if (narration === 'finalizing') return 'finalizing';
  return 'complete';
}

/** OpenAI's text-to-speech voices; the local narrator speaks with its own voice per language. */
export const TTS_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'nova', 'onyx', 'sage', 'shimmer', 'verse'] as const;
export const ttsVoiceSchema = z.enum(TTS_VOICES);
/** Speeds the card offers; the API accepts OpenAI's whole range. */
export const TTS_SPEEDS = [0.75, 1, 1.25, 1.5] as const;
export const TTS_SPEED_RANGE = { min: 0.25, max: 4 } as const;

/** A slug: lowercase letters (a-z), digits and single hyphens inside; at most this long. */
export const SLUG_MAX_LENGTH = 80;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/**
 * How long a slug a story gave up (unpublished, moved, deleted) stays its account's: another
 * account's publish gets 409 `slug_taken` and made slugs skip it, so an old shared link never
 * shows a stranger's story; the same account may take it again at any time (decision 031).
 */
export const SLUG_RESERVATION_DAYS = 90;

/**
 * POST /api/stories/{id}/publish (spec 7.6). The custom slug is trimmed; empty means one is
 * made from the title (a taken one gets a suffix); a custom slug that another story holds, or
 * that another account gave up less than SLUG_RESERVATION_DAYS ago, is a 409 `slug_taken`. Republishing replaces the public copy with the story as it is now.
 */
export const publishBodySchema = z.object({
  customSlug: z
    .string()
    .trim()
    .max(SLUG_MAX_LENGTH, 'customSlug: at most 80 characters')
    .regex(/^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'customSlug: use lowercase letters a-z, digits and hyphens')
    .nullish()
    .transform((v) => (v ? v : null)),
  generateAudio: z.boolean().default(true),
  ttsOptions: z
    .object({
      voice: ttsVoiceSchema.default(DEFAULT_TTS_VOICE),
      speed: z.number().min(TTS_SPEED_RANGE.min).max(TTS_SPEED_RANGE.max).default(DEFAULT_TTS_SPEED),
    })
    .default({ voice: DEFAULT_TTS_VOICE, speed: DEFAULT_TTS_SPEED }),
  /**
   * "Let readers hear it in my voice" (issue 29): the page plays each paragraph's spans of the
   * owner's own recordings. Off unless chosen: a recording is more personal than its text.
   */
  hearVoice: z.boolean().default(false),
});
export type PublishBody = z.input<typeof publishBodySchema>;

/** The owner's view of a story's public copy (the publish card). */
export const publishedStorySummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  /** Absolute URL of the public page. */
  publicUrl: z.string(),
  publishedAt: z.string(),
  narration: z.enum(NARRATION_STATES),
  /** Why the narration failed, in the catalogue's words; null otherwise. */
  narrationError: z.string().nullable(),
  /** The story's title or text changed after publishing: the public page still shows the published one. */
  isOutdated: z.boolean(),
  voice: ttsVoiceSchema.nullable(),
  speed: z.number().nullable(),
  /** The name the public page shows, as it was when published; null: none. */
  authorName: z.string().nullable(),
  /** Published with "Let readers hear it in my voice". */
  hearVoice: z.boolean(),
});
export type PublishedStorySummary = z.infer<typeof publishedStorySummarySchema>;

/** GET /api/stories/{id}/published-status. */
export const publishedStatusSchema = z.object({
  isPublished: z.boolean(),
  publishedStory: publishedStorySummarySchema.nullable(),
});
export type PublishedStatus = z.infer<typeof publishedStatusSchema>;

/** POST /api/stories/{id}/publish answers the public URL and the new state. */
export const publishResultSchema = z.object({
  url: z.string(),
  publishedStory: publishedStorySummarySchema,
});
export type PublishResult = z.infer<typeof publishResultSchema>;

/** The published page's time vocabulary (spec 3, "Temporal context"). */
export const PUBLIC_TEMPORAL_TYPES = ['specific', 'month', 'year', 'span'] as const;

/** GET /api/published/{slug} (public, spec 7.6). */
export const publicStorySchema = z.object({
  title: z.string(),
  content: z.string(),
  authorName: z.string().nullable(),
  /** Relative URL of the narration (range requests), or null when there is none ready. */
  audioUrl: z.string().nullable(),
  publishedAt: z.string(),
  language: languageSchema,
  temporalType: z.enum(PUBLIC_TEMPORAL_TYPES).nullable(),
  year: z.number().nullable(),
  month: z.number().nullable(),
  day: z.number().nullable(),
  endYear: z.number().nullable(),
  /** The photos as chosen at publishing, the cover first: only derived copies, never an original (issue 27). */
  photos: z.array(publicPhotoSchema),
  /** Readers may hear paragraphs in the teller's voice: GET /api/published/{slug}/voice answers. */
  hearVoice: z.boolean(),
});
export type PublicStory = z.infer<typeof publicStorySchema>;

/** The server renders the public page with this story embedded as JSON in an element of this id. */
export const PUBLISHED_DATA_ELEMENT_ID = 'published-story-data';

/** Share snippet and popups (spec 9.6). */
export const SHARE_SNIPPET_LENGTH = 150;
export const SHARE_POPUP = { width: 550, height: 420 } as const;

/** The story's first 150 characters (spaces and line breaks folded) and "…" when there is more (spec 9.6): share texts and the page's description. */
export function shareSnippet(content: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= SHARE_SNIPPET_LENGTH) return text;
  return `${text.slice(0, SHARE_SNIPPET_LENGTH).trimEnd()}…`;
}
