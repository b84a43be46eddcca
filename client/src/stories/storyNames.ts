/** A piece of story text: plain, or a person's or place's name that opens its details. */
export type ContentPart = { text: string; name?: undefined } | { text: string; name: string; kind: NameKind };
export type NameKind = 'person' | 'place';

interface NameOptions {
  /** Also mark a name with an ending (Finnish: "Tampereella" for "Tampere"). */
  withEndings?: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits text into plain parts and the names of the story's people and places (its
 * metadata), matched as whole words and ignoring case; longer names win over shorter
 * ones they contain, and a name listed as both a person and a place counts as a person.
 */
export function markNames(text: string, people: readonly string[], places: readonly string[], options: NameOptions = {}): ContentPart[] {
  const kinds = new Map<string, { name: string; kind: NameKind }>();
  for (const [kind, names] of [['person', people], ['place', places]] as const) {
    for (const raw of names) {
      const name = raw.trim();
      if (name && !kinds.has(name.toLocaleLowerCase())) kinds.set(name.toLocaleLowerCase(), { name, kind });
    }
  }
  if (kinds.size === 0 || !text) return text ? [{ text }] : [];

  const alternatives = [...kinds.values()]
    .map((entry) => entry.name)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  const ending = options.withEndings ? '\\p{L}*' : '';
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives})${ending}(?![\\p{L}\\p{N}])`, 'giu');

  const parts: ContentPart[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const entry = kinds.get(match[1].toLocaleLowerCase());
    if (!entry) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ text: match[0], name: entry.name, kind: entry.kind });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The story's paragraphs, numbered as the server numbers them (the voice's spans follow that). */
export { paragraphsOf } from '../voice/paragraphs.ts';

/** The person or place record with this name (ignoring case and surrounding spaces), if any. */
export function findByName<T extends { name: string }>(entries: readonly T[] | undefined, name: string): T | undefined {
  const wanted = name.trim().toLocaleLowerCase();
  return entries?.find((entry) => entry.name.trim().toLocaleLowerCase() === wanted);
}
