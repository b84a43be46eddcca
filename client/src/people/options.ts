import type { TFunction } from 'i18next';
import { PLACE_PIN, PLACE_TYPE_GROUPS, RELATIONSHIP_GROUPS, isKnownRelationship, placeEmoji } from '../../../contract/people-places.ts';
import type { OptionGroup } from './FormFields.tsx';

/** The relationship options in their groups (spec 3), in the interface language. */
export function relationshipGroups(t: TFunction<'people'>): OptionGroup[] {
  return Object.entries(RELATIONSHIP_GROUPS).map(([group, values]) => ({
    label: t(`groups.${group}`),
    options: values.map((value) => ({ value, label: t(`relationships.${value}`) })),
  }));
}

/** The place types in their groups, each with its emoji (spec 3). */
export function placeTypeGroups(t: TFunction<'people'>, current = ''): OptionGroup[] {
  const groups = Object.entries(PLACE_TYPE_GROUPS).map(([group, types]) => ({
    label: t(`groups.${group}`),
    options: Object.entries(types).map(([value, emoji]) => ({ value, label: `${emoji} ${t(`placeTypes.${value}`)}` })),
  }));
  // A stored type outside the list (decision 012) is offered as it is, so the form shows and keeps it.
  const unknown = current !== '' && !groups.some((group) => group.options.some((option) => option.value === current));
  return unknown ? [...groups, { label: t('groups.saved'), options: [{ value: current, label: `${PLACE_PIN} ${current}` }] }] : groups;
}

/** A stored relationship as read: a known one translated, free text as it is. */
export function relationshipText(t: TFunction<'people'>, relationship: string | null | undefined): string | null {
  if (!relationship) return null;
  return isKnownRelationship(relationship) ? t(`relationships.${relationship}`) : relationship;
}

/** A place type with its emoji (a pin for none or an unknown type). */
export function placeTypeText(t: TFunction<'people'>, type: string | null | undefined): { emoji: string; text: string | null } {
  const known = type && Object.values(PLACE_TYPE_GROUPS).some((group) => Object.hasOwn(group, type));
  return { emoji: placeEmoji(type), text: type ? (known ? t(`placeTypes.${type}`) : type) : null };
}
