import { describe, expect, it } from 'vitest';
import { canSave, personBody, personFormValues, placeBody, placeFormValues } from './entryForms.ts';

describe('person form', () => {
  it('sends the trimmed custom text for other, the value otherwise, null when empty', () => {
    const values = personFormValues(undefined, 'Anna');
    expect(personBody({ ...values, relationship: 'other', customRelationship: '  godmother ' }, 'en').relationship).toBe('godmother');
    expect(personBody({ ...values, relationship: 'other', customRelationship: '  ' }, 'en').relationship).toBe('other');
    expect(personBody({ ...values, relationship: 'mother' }, 'en').relationship).toBe('mother');
    expect(personBody(values, 'en')).toEqual({ name: 'Anna', relationship: null, characterization: null, language: 'en' });
  });

  it('reads a stored free-text relationship as other with its text', () => {
    expect(personFormValues({ name: 'Anna', relationship: 'godmother' })).toMatchObject({ relationship: 'other', customRelationship: 'godmother' });
    expect(personFormValues({ name: 'Anna', relationship: 'aunt', characterization: 'Kind' })).toMatchObject({ relationship: 'aunt', characterization: 'Kind' });
  });
});

describe('place form', () => {
  it('leaves out empty type, description and significance', () => {
    expect(placeBody(placeFormValues(undefined, ' Oulu '), 'fi')).toEqual({ name: 'Oulu', language: 'fi' });
    expect(placeBody({ name: 'Oulu', type: 'city', description: ' North ', significance: '' }, 'fi')).toEqual({
      name: 'Oulu',
      type: 'city',
      description: 'North',
      language: 'fi',
    });
  });
});

describe('canSave', () => {
  it('needs a non-blank name and nothing pending', () => {
    expect(canSave('  ', false)).toBe(false);
    expect(canSave('Anna', true)).toBe(false);
    expect(canSave('Anna', false)).toBe(true);
  });
});
