import { describe, expect, it } from 'vitest';
import {
  linkLabelsSchema,
  PLACE_PIN,
  PLACE_TYPES,
  placeCreateSchema,
  placeEmoji,
  placeUpdateSchema,
  personCreateSchema,
  personUpdateSchema,
  RELATIONSHIP_GROUPS,
  RELATIONSHIPS,
  readRelationship,
  relationshipToSend,
} from './people-places.ts';

describe('relationships', () => {
  it('has the spec groups and values', () => {
    expect(Object.keys(RELATIONSHIP_GROUPS)).toEqual(['me', 'family', 'social', 'professional', 'other']);
    expect(RELATIONSHIPS).toHaveLength(1 + 22 + 7 + 9 + 2);
    expect(RELATIONSHIP_GROUPS.other).toEqual(['pet', 'other']);
  });

  it('reads a value outside the list as other with its text', () => {
    expect(readRelationship('mother')).toEqual({ choice: 'mother', custom: '' });
    expect(readRelationship('godmother')).toEqual({ choice: 'other', custom: 'godmother' });
    expect(readRelationship('Kummitäti')).toEqual({ choice: 'other', custom: 'Kummitäti' });
    expect(readRelationship(null)).toEqual({ choice: '', custom: '' });
  });

  it('sends the trimmed custom text for other, the choice otherwise, null for none', () => {
    expect(relationshipToSend('other', '  godmother ')).toBe('godmother');
    expect(relationshipToSend('other', '   ')).toBe('other');
    expect(relationshipToSend('friend', 'ignored')).toBe('friend');
    expect(relationshipToSend('', '')).toBeNull();
  });
});

describe('place types', () => {
  it('gives each type an emoji and a pin otherwise', () => {
    expect(PLACE_TYPES).toHaveLength(12 + 8 + 8 + 11 + 8 + 7 + 4);
    expect(placeEmoji('cafe')).toBe('☕');
    expect(placeEmoji('home')).toBe('🏠');
    expect(placeEmoji('spaceship')).toBe(PLACE_PIN);
    expect(placeEmoji('toString')).toBe(PLACE_PIN);
    expect(placeEmoji(null)).toBe(PLACE_PIN);
    for (const type of PLACE_TYPES) expect(placeEmoji(type)).not.toBe('');
  });
});

describe('bodies', () => {
  it('refuses a blank name and turns a blank characterization into null', () => {
    expect(personCreateSchema.safeParse({ name: '   ' }).success).toBe(false);
    expect(personCreateSchema.parse({ name: ' Anna ', characterization: '  ', relationship: '' })).toMatchObject({
      name: 'Anna',
      characterization: null,
      relationship: null,
    });
    expect(personUpdateSchema.parse({})).toEqual({});
  });

  it('omits blank place fields', () => {
    const body = placeCreateSchema.parse({ name: 'Koti', type: '', description: '  ', significance: 'Where I grew up' });
    expect(body.type).toBeUndefined();
    expect(body.description).toBeUndefined();
    expect(body.significance).toBe('Where I grew up');
    expect(placeUpdateSchema.parse({ description: '' }).description).toBeUndefined();
  });

  it('needs at least one non-blank label to link', () => {
    expect(linkLabelsSchema.safeParse({ labels: [] }).success).toBe(false);
    expect(linkLabelsSchema.safeParse({ labels: [' '] }).success).toBe(false);
    expect(linkLabelsSchema.parse({ labels: [' Annan '] })).toEqual({ labels: ['Annan'] });
  });
});
