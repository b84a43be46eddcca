import { stringify } from 'yaml';
import type { ArchiveStory } from '../format.ts';

/** What a story's front matter names besides its own row: its chapter and its recordings' people, places and files. */
export interface StoryLinks {
  chapter: string | null;
  people: string[];
  places: string[];
  /** The recordings' audio files in the archive, in the story's order. */
  recordings: string[];
  /** Co-authors whose recordings are in the story ("Recorded by"), by the name they gave. */
  contributors: string[];
  /** The story's photos' original files in the archive (its own, then its recordings'), its cover first. */
  photos: string[];
}

/** The time a story is about, only the fields it has; null when it has none. */
function storyTime(time: ArchiveStory['time']): Record<string, string | number> | null {
  if (!time.type) return null;
  const fields = Object.entries(time).filter(([, value]) => value !== null) as [string, string | number][];
  return Object.fromEntries(fields);
}

/** The front matter's fields, in the order a reader meets them. */
export function storyFrontMatter(story: ArchiveStory, links: StoryLinks): Record<string, unknown> {
  return {
    title: story.title,
    created: story.createdAt,
    updated: story.updatedAt,
    time: storyTime(story.time),
    people: links.people,
    places: links.places,
    chapter: links.chapter,
    style: story.style,
    pointOfView: story.pointOfView,
    tone: story.tone,
    language: story.language,
    handEdited: { title: story.titleEditedAt, content: story.contentEditedAt },
    published: story.published?.url ?? null,
    recordings: links.recordings,
    contributors: links.contributors,
    photos: links.photos,
    ...(story.promptQuestion ? { question: story.promptQuestion } : {}),
  };
}

/** A story as Markdown: YAML front matter between `---` lines, then its text as the person has it. */
export function storyMarkdown(story: ArchiveStory, links: StoryLinks): string {
  const yaml = stringify(storyFrontMatter(story, links), { lineWidth: 0 });
  const body = story.content.endsWith('\n') ? story.content : `${story.content}\n`;
  return `---\n${yaml}---\n\n${body}`;
}
