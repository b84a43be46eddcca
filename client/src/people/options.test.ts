import i18next from 'i18next';
import { beforeAll, expect, it } from 'vitest';
import en from '../i18n/locales/en/people.json';
import fi from '../i18n/locales/fi/people.json';
import { placeTypeGroups, placeTypeText, relationshipText } from './options.ts';

let t: Parameters<typeof placeTypeGroups>[0];
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', ns: ['people'], resources: { en: { people: en }, fi: { people: fi } } });
  t = i18n.getFixedT('en', 'people');
  tFi = i18n.getFixedT('fi', 'people');
});
let tFi: typeof t;

it('shows a stored relationship or place type in the interface language, free text as it is', () => {
  expect(relationshipText(tFi, 'father')).toBe('Isä');
  expect(relationshipText(t, 'father')).toBe('Father');
  expect(relationshipText(tFi, 'kummitäti')).toBe('kummitäti');
  expect(relationshipText(tFi, null)).toBeNull();
  expect(placeTypeText(tFi, 'lake').text).toBe('Järvi');
});

it('offers the spec\'s seven place-type groups, each type with its emoji', () => {
  const groups = placeTypeGroups(t);
  expect(groups.map((group) => group.label)).toEqual(['Geographic', 'Residential', 'Commercial', 'Institutional', 'Recreational', 'Transportation', 'Other']);
  expect(groups[0].options[0]).toEqual({ value: 'city', label: '🏙️ City' });
});

it('keeps a stored type outside the list as an option of its own, so saving the form keeps it', () => {
  const groups = placeTypeGroups(t, 'castle');
  expect(groups.at(-1)).toEqual({ label: 'As saved', options: [{ value: 'castle', label: '📍 castle' }] });
  expect(placeTypeGroups(t, 'lake')).toHaveLength(7);
});
