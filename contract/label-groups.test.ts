import { describe, expect, it } from 'vitest';
import { groupLabels, labelsMatch, normalizeLabel } from './label-groups.ts';

describe('label grouping: the spec rule', () => {
  it('lowercases and strips punctuation', () => {
    expect(normalizeLabel('  Anna-Liisa, Jr.  ')).toBe('annaliisa jr');
    expect(labelsMatch('ANNA!', 'anna')).toBe(true);
  });

  it('groups equal labels, a trailing n or s, and a shared word', () => {
    expect(labelsMatch('Pekka', 'pekka')).toBe(true);
    expect(labelsMatch('Mari', 'Marin')).toBe(true);
    expect(labelsMatch("John's", 'John')).toBe(true);
    expect(labelsMatch('Anna Virtanen', 'Anna')).toBe(true);
    expect(labelsMatch('Grandma Anna', 'Anna Korhonen')).toBe(true);
  });

  it('keeps different names apart', () => {
    expect(labelsMatch('Pekka', 'Jussi')).toBe(false);
    expect(labelsMatch('', '')).toBe(false);
  });
});

describe('label grouping: Finnish case endings', () => {
  it.each([
    ['Anna', 'Annan'],
    ['Anna', 'Annalle'],
    ['Anna', 'Annasta'],
    ['Anna', 'Annaan'],
    ['Tampere', 'Tampereella'],
    ['Tampere', 'Tampereelta'],
    ['Tampere', 'Tampereen'],
    ['Helsinki', 'Helsingissä'],
    ['Turku', 'Turussa'],
    ['Matti', 'Matin'],
    ['Matti', 'Matille'],
    ['Pekka', 'Pekalle'],
    ['Lahti', 'Lahdessa'],
    ['Jyväskylä', 'Jyväskylässä'],
    ['Jyväskylä', 'Jyvaskylassa'],
    ['Espoo', 'Espooseen'],
    ['Virtanen', 'Virtaselle'],
    ['Jon', 'Jonille'],
    ['Ville', 'Villeen'],
    ['Annan', 'Annalle'],
    ['Tampereella', 'Tampereen'],
    ['Matin', 'Matille'],
  ])('%s groups with %s', (a, b) => {
    expect(labelsMatch(a, b)).toBe(true);
    expect(labelsMatch(b, a)).toBe(true);
  });

  it.each([
    ['Anna', 'Annika'],
    ['Matti', 'Mattila'],
    ['Mari', 'Maria'],
    ['Mari', 'Marita'],
    ['Eli', 'Elina'],
    ['Heikki', 'Heikkinen'],
    ['Jussi', 'Jussila'],
    ['Tapio', 'Tapiola'],
    ['Marja', 'Marjatta'],
    ['Al', 'Alla'],
    ['Uncle Bob', 'Uncle Tom'],
    ['my sister', 'my brother'],
    ['Anni', 'Anna'],
    ['Isabella', 'Isabelle'],
    ['Annan', 'Annikan'],
    ['Marin', 'Marjan'],
  ])('%s stays apart from %s', (a, b) => {
    expect(labelsMatch(a, b)).toBe(false);
    expect(labelsMatch(b, a)).toBe(false);
  });
});

describe('groupLabels', () => {
  it('joins labels through a shared member and keeps first-seen order', () => {
    expect(groupLabels(['Annan', 'Tampere', 'Annika', 'Anna', 'Tampereella', 'Annalle'])).toEqual([
      ['Annan', 'Anna', 'Annalle'],
      ['Tampere', 'Tampereella'],
      ['Annika'],
    ]);
  });

  it('gives every label its own group when none match', () => {
    expect(groupLabels(['Matti', 'Mattila'])).toEqual([['Matti'], ['Mattila']]);
    expect(groupLabels([])).toEqual([]);
  });
});
