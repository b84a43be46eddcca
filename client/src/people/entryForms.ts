import { readRelationship, relationshipToSend, type Relationship } from '../../../contract/people-places.ts';
import type { Language } from '../../../contract/languages.ts';
import type { PersonBody, PlaceBody } from '../api/people.ts';

/** The person form's fields as typed. */
export interface PersonFormValues {
  name: string;
  relationship: Relationship | '';
  customRelationship: string;
  characterization: string;
}

/** The form for a new person (optionally named from a label) or an existing one. */
export function personFormValues(person?: { name: string; relationship?: string | null; characterization?: string | null }, name = ''): PersonFormValues {
  const relationship = readRelationship(person?.relationship);
  return {
    name: person?.name ?? name,
    relationship: relationship.choice,
    customRelationship: relationship.custom,
    characterization: person?.characterization ?? '',
  };
}

/** Spec 5, Person save: the trimmed name; other with text sends the text; empty characterization is null. */
export function personBody(values: PersonFormValues, language: Language): PersonBody {
  return {
    name: values.name.trim(),
    relationship: relationshipToSend(values.relationship, values.customRelationship),
    characterization: values.characterization.trim() === '' ? null : values.characterization.trim(),
    language,
  };
}

/** The place form's fields as typed. */
export interface PlaceFormValues {
  name: string;
  type: string;
  description: string;
  significance: string;
}

export function placeFormValues(
  place?: { name: string; type?: string | null; description?: string | null; significance?: string | null },
  name = '',
): PlaceFormValues {
  return {
    name: place?.name ?? name,
    type: place?.type ?? '',
    description: place?.description ?? '',
    significance: place?.significance ?? '',
  };
}

/** Spec 5, Place save: the trimmed name; an empty type, description or significance is left out. */
export function placeBody(values: PlaceFormValues, language: Language): PlaceBody {
  const body: PlaceBody = { name: values.name.trim(), language };
  if (values.type) body.type = values.type;
  if (values.description.trim()) body.description = values.description.trim();
  if (values.significance.trim()) body.significance = values.significance.trim();
  return body;
}

/** Save is offered only for a non-blank name and while nothing is being saved. */
export function canSave(name: string, pending: boolean): boolean {
  return name.trim() !== '' && !pending;
}
