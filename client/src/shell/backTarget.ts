/** Pages reached straight from the navigation; back from them leads home (spec 2, back rule). */
export const TOP_LEVEL_PATHS = ['/library', '/timeline', '/collections', '/autobiography', '/people', '/settings'];

/**
 * Where the header's back button goes: home from a top-level page, the parent path from a
 * deeper one (its last segment dropped); the root stays the root.
 */
export function backTarget(path: string): string {
  const trimmed = path.replace(/\/+$/, '') || '/';
  if (trimmed === '/' || TOP_LEVEL_PATHS.includes(trimmed)) return '/';
  return trimmed.slice(0, trimmed.lastIndexOf('/')) || '/';
}

/** What a link passes on (as its router state) so that the page it opens comes back here. */
export function backState(path: string): { back: string } {
  return { back: path };
}

/** The page to come back to that a link passed on, when it is one of this app's paths. */
export function backFromState(state: unknown): string | undefined {
  const back = (state as { back?: unknown } | null)?.back;
  return typeof back === 'string' && back.startsWith('/') && !back.startsWith('//') ? back : undefined;
}
