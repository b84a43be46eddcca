import { describe, expect, it } from 'vitest';
import {
  canConfirmContext,
  contextFields,
  initialContextDraft,
  matchingEntries,
  type ContextDraft,
} from './recordingContext.ts';

const people = [
  { id: 1, name: 'Aino Virtanen' },
  { id: 2, name: 'Grandpa Eino' },
  { id: 3, name: 'Aunt Aili' },
];

const draft = (fields: Partial<ContextDraft>): ContextDraft => ({ ...initialContextDraft(null), ...fields });

describe('initialContextDraft', () => {
  it('offers the current story first when there is one', () => {
    expect(initialContextDraft(7).type).toBe('story');
    expect(initialContextDraft(null).type).toBe('new_story');
  });

  it('after an upload that failed, offers again what was chosen and typed', () => {
    expect(initialContextDraft(7, { contextType: 'new_story', contextName: 'Summer at the lake' })).toMatchObject({ type: 'new_story', title: 'Summer at the lake' });
    expect(initialContextDraft(null, { contextType: 'person', contextName: 'Mummo' })).toMatchObject({ type: 'person', name: 'Mummo', pickedId: null });
    expect(initialContextDraft(null, { contextType: 'place', contextId: 4 })).toMatchObject({ type: 'place', name: '', pickedId: 4 });
    expect(initialContextDraft(7, { contextType: 'story', contextId: 7 })).toMatchObject({ type: 'story', currentStoryId: 7 });
    expect(initialContextDraft(null, { contextType: 'unassigned' }).type).toBe('unassigned');
  });
});

describe('matchingEntries', () => {
  it('finds names containing the query in any case', () => {
    expect(matchingEntries(people, 'ai').map((p) => p.id)).toEqual([1, 3]);
    expect(matchingEntries(people, ' EINO ').map((p) => p.id)).toEqual([2]);
  });

  it('lists nothing for an empty query and keeps to the limit', () => {
    expect(matchingEntries(people, '  ')).toEqual([]);
    expect(matchingEntries(people, 'a', 2)).toHaveLength(2);
  });
});

describe('canConfirmContext', () => {
  it('a new story may go without a title (Saaga suggests one)', () => {
    expect(canConfirmContext(draft({ type: 'new_story', title: '  ' }), [])).toBe(true);
    expect(canConfirmContext(draft({ type: 'new_story', title: 'Summer of 1969' }), [])).toBe(true);
  });

  it('needs a name or a pick for a person or place', () => {
    expect(canConfirmContext(draft({ type: 'person', name: ' ' }), people)).toBe(false);
    expect(canConfirmContext(draft({ type: 'person', name: 'Uncle Matti' }), people)).toBe(true);
    expect(canConfirmContext(draft({ type: 'place', pickedId: 2 }), people)).toBe(true);
  });

  it('needs the current story to link to it', () => {
    expect(canConfirmContext(draft({ type: 'story', currentStoryId: 4 }), [])).toBe(true);
    expect(canConfirmContext(draft({ type: 'story', currentStoryId: null }), [])).toBe(false);
  });
});

describe('contextFields', () => {
  it('sends the current story by id', () => {
    expect(contextFields(draft({ type: 'story', currentStoryId: 4 }), [])).toEqual({ contextType: 'story', contextId: 4 });
  });

  it('sends a new story title, trimmed', () => {
    expect(contextFields(draft({ type: 'new_story', title: ' Summer ' }), [])).toEqual({
      contextType: 'new_story',
      contextName: 'Summer',
    });
  });

  it('sends no title for a new story left untitled', () => {
    expect(contextFields(draft({ type: 'new_story', title: '  ' }), [])).toEqual({ contextType: 'new_story' });
  });

  it('sends a picked entry by id', () => {
    expect(contextFields(draft({ type: 'person', name: 'Grandpa', pickedId: 2 }), people)).toEqual({
      contextType: 'person',
      contextId: 2,
    });
  });

  it('sends an exactly typed existing name by id, and a new name as a name', () => {
    expect(contextFields(draft({ type: 'person', name: 'aunt aili ' }), people)).toEqual({
      contextType: 'person',
      contextId: 3,
    });
    expect(contextFields(draft({ type: 'place', name: ' Helsinki ' }), [])).toEqual({
      contextType: 'place',
      contextName: 'Helsinki',
    });
  });
});
