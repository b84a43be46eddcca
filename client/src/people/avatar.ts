/** The avatar colours (spec 9.6: 8), as Tailwind background and text classes. */
export const AVATAR_COLOURS = [
  'bg-amber-700 text-amber-50',
  'bg-emerald-700 text-emerald-50',
  'bg-sky-700 text-sky-50',
  'bg-rose-700 text-rose-50',
  'bg-violet-700 text-violet-50',
  'bg-teal-700 text-teal-50',
  'bg-orange-700 text-orange-50',
  'bg-indigo-700 text-indigo-50',
] as const;

/** At most two initials (spec 9.6): the first letters of the first and last word, upper-cased. */
export function avatarInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0])[0];
  const last = words.length > 1 ? Array.from(words[words.length - 1])[0] : '';
  return (first + last).toLocaleUpperCase();
}

/** One of the 8 colours, the same for a name every time. */
export function avatarColour(name: string): (typeof AVATAR_COLOURS)[number] {
  let hash = 0;
  for (const char of name.trim().toLocaleLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length];
}
