import type { RecordingContextType } from '../../../contract/uploads.ts';

/** A person or place the user already has, as the chooser lists it. */
export interface ExistingEntry {
  id: number;
  name: string;
}

/** The context chooser's state: the chosen kind and what was typed or picked for it. */
export interface ContextDraft {
  type: RecordingContextType;
  /** The story the recording screen was opened from; only then is "story" offered. */
  currentStoryId: number | null;
  /** Title of a new story. */
  title: string;
  /** Name typed for a person or place. */
  name: string;
  /** An existing person or place picked from the list. */
  pickedId: number | null;
}

/** The context fields of the upload (spec 3, "Upload forms"). */
export interface ContextFields {
  contextType: RecordingContextType;
  contextId?: number;
  contextName?: string;
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** Entries whose name contains the query (any case), at most `limit`; none for an empty query. */
export function matchingEntries(entries: readonly ExistingEntry[], query: string, limit = 5): ExistingEntry[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return [];
  return entries.filter((entry) => entry.name.toLocaleLowerCase().includes(needle)).slice(0, limit);
}

/** The existing entry meant: the one picked, else one whose name is exactly what was typed. */
export function chosenEntry(draft: ContextDraft, entries: readonly ExistingEntry[]): ExistingEntry | null {
  if (draft.pickedId !== null) return entries.find((entry) => entry.id === draft.pickedId) ?? null;
  return entries.find((entry) => sameName(entry.name, draft.name)) ?? null;
}

/**
 * Whether "Add recording" may be pressed (spec 5): the current story needs nothing more; a
 * new story's title is optional (Saaga suggests one; a typed one is kept); a person or place needs a name or an existing pick; deciding
 * later needs nothing.
 */
export function canConfirmContext(draft: ContextDraft, entries: readonly ExistingEntry[]): boolean {
  switch (draft.type) {
    case 'story':
      return draft.currentStoryId !== null;
    case 'new_story':
      return true;
    case 'person':
    case 'place':
      return draft.name.trim() !== '' || chosenEntry(draft, entries) !== null;
    case 'unassigned':
      return true;
  }
}

/** The upload's context fields: an existing entry's id, or the typed title or name. */
export function contextFields(draft: ContextDraft, entries: readonly ExistingEntry[]): ContextFields {
  switch (draft.type) {
    case 'story':
      return { contextType: 'story', contextId: draft.currentStoryId ?? undefined };
    case 'new_story':
      return draft.title.trim() ? { contextType: 'new_story', contextName: draft.title.trim() } : { contextType: 'new_story' };
    case 'person':
    case 'place': {
      const existing = chosenEntry(draft, entries);
      return existing
        ? { contextType: draft.type, contextId: existing.id }
        : { contextType: draft.type, contextName: draft.name.trim() };
    }
    case 'unassigned':
      return { contextType: 'unassigned' };
  }
}

/**
 * The chooser's first state: the current story when there is one, else a new story; or,
 * after an upload that failed, what was chosen and typed for it (the person's words stay).
 */
export function initialContextDraft(currentStoryId: number | null, chosen?: ContextFields): ContextDraft {
  const draft: ContextDraft = { type: currentStoryId === null ? 'new_story' : 'story', currentStoryId, title: '', name: '', pickedId: null };
  if (!chosen || (chosen.contextType === 'story' && currentStoryId === null)) return draft;
  const entry = chosen.contextType === 'person' || chosen.contextType === 'place';
  return {
    ...draft,
    type: chosen.contextType,
    title: chosen.contextType === 'new_story' ? chosen.contextName ?? '' : '',
    name: entry ? chosen.contextName ?? '' : '',
    pickedId: entry ? chosen.contextId ?? null : null,
  };
}
