import { toLanguage } from '../../contract/languages.ts';
import type { PublicPhoto } from '../../contract/photos.ts';
import { type PublicStory, type PublishedStorySummary, TTS_VOICES } from '../../contract/publishing.ts';
import type { publishedStories, stories } from '../db/schema.ts';
import { hasPublishedVoice } from './published-voice.ts';

export type PublishedStoryRow = typeof publishedStories.$inferSelect;
type StoryRow = typeof stories.$inferSelect;

/** The public page's path, and the narration's (relative, as the public read gives it). */
export const publicPagePath = (slug: string) => `/published/${slug}`;
export const publicAudioPath = (slug: string) => `/api/published/${slug}/audio`;

/** Whether the story changed after publishing: the public page still shows the copy. */
export function isOutdated(copy: Pick<PublishedStoryRow, 'title' | 'content'>, story: Pick<StoryRow, 'title' | 'content'>): boolean {
  return copy.title !== story.title || copy.content !== story.content;
}

const isVoice = (voice: string | null): voice is (typeof TTS_VOICES)[number] => (TTS_VOICES as readonly string[]).includes(voice ?? '');

/** The owner's view of the public copy (the publish card); `photosChanged`: the story's photos differ from the published ones. */
export function presentSummary(
  copy: PublishedStoryRow,
  story: Pick<StoryRow, 'title' | 'content'>,
  origin: string,
  photosChanged = false,
): PublishedStorySummary {
  return {
    id: copy.id,
    slug: copy.slug,
    publicUrl: `${origin}${publicPagePath(copy.slug)}`,
    publishedAt: copy.publishedAt.toISOString(),
    narration: copy.audioStatus,
    narrationError: copy.audioStatus === 'failed' ? copy.narrationError : null,
    isOutdated: photosChanged || isOutdated(copy, story),
    voice: isVoice(copy.narrationVoice) ? copy.narrationVoice : null,
    speed: copy.narrationSpeed,
    authorName: copy.authorName,
    hearVoice: copy.voiceSources !== null,
  };
}

type PublicTime = Pick<PublicStory, 'temporalType' | 'year' | 'month' | 'day' | 'endYear'>;
const NO_TIME: PublicTime = { temporalType: null, year: null, month: null, day: null, endYear: null };

/** The story's time in the published page's vocabulary (spec 3): specific, month, year, span. */
export function publicTime(copy: Pick<PublishedStoryRow, 'temporalType' | 'specificDate' | 'month' | 'year' | 'endYear'>): PublicTime {
  switch (copy.temporalType) {
    case 'specific_date': {
      const [year, month, day] = (copy.specificDate ?? '').split('-').map(Number);
      if (!year || !month || !day) return NO_TIME;
      return { ...NO_TIME, temporalType: 'specific', year, month, day };
    }
    case 'month_year':
      return { ...NO_TIME, temporalType: 'month', year: copy.year, month: copy.month };
    case 'year':
      return { ...NO_TIME, temporalType: 'year', year: copy.year };
    case 'year_span':
      return { ...NO_TIME, temporalType: 'span', year: copy.year, endYear: copy.endYear };
    default:
      return NO_TIME;
  }
}

/** GET /api/published/{slug}: the copy as anyone may read it, with its published photos; the audio only once it is ready. */
export function presentPublicStory(copy: PublishedStoryRow, photos: PublicPhoto[]): PublicStory {
  return {
    title: copy.title,
    content: copy.content,
    authorName: copy.authorName,
    audioUrl: copy.audioStatus === 'ready' && copy.audioKey ? publicAudioPath(copy.slug) : null,
    publishedAt: copy.publishedAt.toISOString(),
    language: toLanguage(copy.language),
    ...publicTime(copy),
    photos,
    hearVoice: hasPublishedVoice(copy),
  };
}
