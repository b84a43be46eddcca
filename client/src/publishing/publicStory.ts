import { PUBLISHED_DATA_ELEMENT_ID, type PublicStory, publicStorySchema } from '../../../contract/publishing.ts';
import type { Language } from '../../../contract/languages.ts';
import { formatRelativeTime } from '../i18n/format.ts';
import { temporalLabel } from '../time/temporalLabel.ts';

/**
 * How long ago a story was published ("5 minutes ago", "5 minuuttia sitten"); a server clock
 * a little ahead of this device's never makes it "in 2 seconds".
 */
export function publishedAgo(publishedAt: string, language: Language, now: number = Date.now()): string {
  return formatRelativeTime(publishedAt, language, Math.max(now, Date.parse(publishedAt)));
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * When the published story happened, in the page's language ("July 20, 1969", "July 1969",
 * "1969", "1960–1965"), from the public page's own vocabulary (specific, month, year, span);
 * null when it has none.
 */
export function publicStoryTime(story: Pick<PublicStory, 'temporalType' | 'year' | 'month' | 'day' | 'endYear'>, language: Language): string | null {
  const { year, month, day, endYear } = story;
  switch (story.temporalType) {
    case 'specific':
      return temporalLabel(
        {
          temporalType: 'specific_date',
          specificDate: year !== null && month !== null && day !== null ? `${year}-${pad(month)}-${pad(day)}` : null,
          month,
          year,
          endYear: null,
        },
        language,
      );
    case 'month':
      return temporalLabel({ temporalType: 'month_year', specificDate: null, month, year, endYear: null }, language);
    case 'year':
      return temporalLabel({ temporalType: 'year', specificDate: null, month: null, year, endYear: null }, language);
    case 'span':
      return temporalLabel({ temporalType: 'year_span', specificDate: null, month: null, year, endYear }, language);
    default:
      return null;
  }
}

/** The server-rendered story JSON, checked against the public story's shape; null when it is not one. */
export function parseEmbeddedStory(text: string | null | undefined): PublicStory | null {
  if (!text) return null;
  try {
    const parsed = publicStorySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The path the page was loaded at: only its story was rendered into it by the server. */
const loadedPath = typeof window === 'undefined' ? '' : window.location.pathname;

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The story the server rendered into the page (`<script type="application/json"
 * id="published-story-data">`) when the page was loaded at this slug's address, so it shows
 * at once; null after a client-side navigation (the API is asked then) or when there is none.
 */
export function embeddedStory(slug: string): PublicStory | null {
  if (decodedPath(loadedPath) !== `/published/${slug}`) return null;
  return parseEmbeddedStory(document.getElementById(PUBLISHED_DATA_ELEMENT_ID)?.textContent);
}
