import type { RecordingWithLinksDto } from '../../../contract/library.ts';
import type { LinkSelection } from '../api/recordings.ts';

export type { LinkSelection };

/** The stored links of a recording. */
export function selectionOf(recording: Pick<RecordingWithLinksDto, 'storyId' | 'people' | 'places'>): LinkSelection {
  return {
    storyId: recording.storyId,
    peopleIds: recording.people.map((person) => person.id),
    placeIds: recording.places.map((place) => place.id),
  };
}

/** Whether two id lists hold the same ids, in any order. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/** The parts of a selection that differ from the stored one; an empty object when none do. */
export function linkChanges(draft: LinkSelection, stored: LinkSelection): Partial<LinkSelection> {
  const changes: Partial<LinkSelection> = {};
  if (draft.storyId !== stored.storyId) changes.storyId = draft.storyId;
  if (!sameIds(draft.peopleIds, stored.peopleIds)) changes.peopleIds = draft.peopleIds;
  if (!sameIds(draft.placeIds, stored.placeIds)) changes.placeIds = draft.placeIds;
  return changes;
}

/** Whether the selection differs from the stored one, so it is due to be saved (spec 4). */
export function selectionDiffers(draft: LinkSelection, stored: LinkSelection): boolean {
  return Object.keys(linkChanges(draft, stored)).length > 0;
}

/** The ids with one checked or unchecked. */
export function toggleId(ids: readonly number[], id: number, checked: boolean): number[] {
  const without = ids.filter((existing) => existing !== id);
  return checked ? [...without, id] : without;
}
