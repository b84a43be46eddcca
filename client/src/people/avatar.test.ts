import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, avatarColour, avatarInitials } from './avatar.ts';

describe('avatarInitials', () => {
  it('takes the first letters of the first and last words, at most two', () => {
    expect(avatarInitials('Maija Liisa Virtanen')).toBe('MV');
    expect(avatarInitials('  anna  ')).toBe('A');
    expect(avatarInitials('Åke Öhman')).toBe('ÅÖ');
  });
  it('gives a placeholder for a blank name', () => {
    expect(avatarInitials('   ')).toBe('?');
  });
});

describe('avatarColour', () => {
  it('is one of 8 colours and the same for the same name', () => {
    expect(AVATAR_COLOURS).toHaveLength(8);
    expect(avatarColour('Anna')).toBe(avatarColour(' anna '));
    const used = new Set(['Anna', 'Matti', 'Liisa', 'Pekka', 'Helsinki', 'Tampere', 'Oulu', 'Turku', 'Ville', 'Sanna'].map(avatarColour));
    expect(used.size).toBeGreaterThan(3);
  });
});
