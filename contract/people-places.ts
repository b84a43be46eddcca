import { z } from 'zod';
import { personEnrichedInfoValueSchema, placeEnrichedInfoValueSchema } from './enriched-info.ts';
import { ignoredUserId, withoutUserId } from './ignored-user-id.ts';
import { languageSchema } from './languages.ts';

/**
 * People and places (spec 3 Person, Place; 7.9, 7.10): the response shapes, the request
 * bodies and the option lists, shared by the server's routes and the client's screens.
 */

// ---------------------------------------------------------------- relationships

/** The spec's relationship options, in their groups and order. */
export const RELATIONSHIP_GROUPS = {
  me: ['me'],
  family: [
    'parent', 'mother', 'father', 'stepparent', 'spouse', 'partner', 'child', 'son', 'daughter', 'sibling', 'brother',
    'sister', 'grandparent', 'grandmother', 'grandfather', 'grandchild', 'uncle', 'aunt', 'cousin', 'nephew', 'niece', 'inlaw',
  ],
  social: ['friend', 'bestfriend', 'acquaintance', 'neighbor', 'mentor', 'student', 'roommate'],
  professional: ['colleague', 'boss', 'employee', 'client', 'business_partner', 'contractor', 'vendor', 'teacher', 'doctor'],
  other: ['pet', 'other'],
} as const;
export type RelationshipGroup = keyof typeof RELATIONSHIP_GROUPS;
export type Relationship = (typeof RELATIONSHIP_GROUPS)[RelationshipGroup][number];
export const RELATIONSHIPS: readonly Relationship[] = Object.values(RELATIONSHIP_GROUPS).flat();

export function isKnownRelationship(value: string): value is Relationship {
  return (RELATIONSHIPS as readonly string[]).includes(value);
}

/**
 * How a stored relationship reads in the form: a known value is chosen as it is; any other
 * text is "other" with that text as the custom relationship (spec 3: values outside the
 * known options are stored as other with free text).
 */
export function readRelationship(stored: string | null | undefined): { choice: Relationship | ''; custom: string } {
  const value = stored?.trim() ?? '';
  if (value === '') return { choice: '', custom: '' };
  if (isKnownRelationship(value)) return { choice: value, custom: '' };
  return { choice: 'other', custom: value };
}

/**
 * What the form sends (spec 5, Person save): other with non-blank custom text sends the
 * trimmed text; otherwise the chosen value, or null when nothing is chosen.
 */
export function relationshipToSend(choice: Relationship | '', custom: string): string | null {
  if (choice === 'other' && custom.trim() !== '') return custom.trim();
  return choice === '' ? null : choice;
}

// ---------------------------------------------------------------- place types

/** The spec's place types, in their groups and order, each with its emoji. */
export const PLACE_TYPE_GROUPS = {
  geographic: {
    city: '🏙️', country: '🏳️', state: '🗺️', region: '🗺️', continent: '🌍', island: '🏝️', mountain: '⛰️', lake: '🏞️',
    river: '🌊', forest: '🌲', beach: '🏖️', desert: '🏜️',
  },
  residential: {
    home: '🏠', apartment: '🏢', house: '🏡', neighborhood: '🏘️', street: '🛣️', building: '🏢', hotel: '🏨', hostel: '🛏️',
  },
  commercial: {
    restaurant: '🍽️', cafe: '☕', store: '🏪', mall: '🛍️', market: '🧺', office: '🏢', bank: '🏦', gas_station: '⛽',
  },
  institutional: {
    school: '🏫', university: '🎓', hospital: '🏥', church: '⛪', temple: '🛕', mosque: '🕌', synagogue: '🕍', library: '📚',
    museum: '🏛️', government: '🏛️', court: '⚖️',
  },
  recreational: {
    park: '🌳', playground: '🛝', stadium: '🏟️', theater: '🎭', cinema: '🎬', gym: '🏋️', spa: '🧖', club: '🎉',
  },
  transportation: {
    airport: '✈️', train_station: '🚉', bus_stop: '🚏', harbor: '⚓', parking: '🅿️', highway: '🛣️', bridge: '🌉',
  },
  other: { landmark: '🗿', monument: '🗽', historic_site: '🏰', other: '📍' },
} as const;
export type PlaceTypeGroup = keyof typeof PLACE_TYPE_GROUPS;
export type PlaceType = { [G in PlaceTypeGroup]: keyof (typeof PLACE_TYPE_GROUPS)[G] }[PlaceTypeGroup];
export const PLACE_TYPES = Object.values(PLACE_TYPE_GROUPS).flatMap((g) => Object.keys(g)) as PlaceType[];

const PLACE_EMOJI: Record<string, string> = Object.assign({}, ...Object.values(PLACE_TYPE_GROUPS));
export const PLACE_PIN = '📍';

/** The emoji for a place type; a pin for no type or one outside the list. */
export function placeEmoji(type: string | null | undefined): string {
  if (!type) return PLACE_PIN;
  return Object.hasOwn(PLACE_EMOJI, type) ? (PLACE_EMOJI[type] ?? PLACE_PIN) : PLACE_PIN;
}

// ---------------------------------------------------------------- responses

const mentionFields = {
  /** When the newest story or recording that mentions it was made (ISO), or null. */
  lastMentioned: z.string().nullable(),
  /** Stories and recordings that mention it, each counted once. */
  mentionCount: z.number(),
};

/** A row of GET /api/people. */
export const personSchema = z.object({
  id: z.number(),
  name: z.string(),
  relationship: z.string().nullable(),
  characterization: z.string().nullable(),
  language: z.string(),
  userId: z.string(),
  ...mentionFields,
  enrichedInfo: personEnrichedInfoValueSchema.nullable(),
  /** The photo chosen as the person's portrait, and its thumbnail; null: initials. */
  portraitPhotoId: z.number().nullable(),
  portraitThumbUrl: z.string().nullable(),
});
export type PersonDto = z.infer<typeof personSchema>;

/** What only the detail reads add: the names tied to the record, and the refresh state of its information. */
const detailFields = {
  linkedLabels: z.array(z.string()),
  /** A refresh-info is queued or running: Refresh is disabled and says "Refreshing...". */
  refreshing: z.boolean(),
  /** Why the last refresh failed, or null. */
  refreshError: z.string().nullable(),
};

/** GET /api/people/{id}: the row and the names tied to it. */
export const personDetailSchema = personSchema.extend(detailFields);
export type PersonDetailDto = z.infer<typeof personDetailSchema>;

/** A row of GET /api/places. */
export const placeSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.string().nullable(),
  description: z.string().nullable(),
  significance: z.string().nullable(),
  language: z.string(),
  userId: z.string(),
  ...mentionFields,
  enrichedInfo: placeEnrichedInfoValueSchema.nullable(),
});
export type PlaceDto = z.infer<typeof placeSchema>;

export const placeDetailSchema = placeSchema.extend(detailFields);
export type PlaceDetailDto = z.infer<typeof placeDetailSchema>;

/** GET /api/{people,places}/unlinked-labels and /{id}/linked-labels. */
export const labelListSchema = z.array(z.string());

// ---------------------------------------------------------------- request bodies

export const NAME_MAX = 200;
export const TEXT_MAX = 10_000;

const name = z.string().trim().min(1).max(NAME_MAX);
/** Blank text is no text: null. */
const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : v === undefined ? undefined : null));
/** Blank text is omitted (spec 5, Place save): on update the stored value stays. */
const omittedWhenBlank = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : undefined));

const personFields = {
  name,
  relationship: nullableText(NAME_MAX),
  characterization: nullableText(TEXT_MAX),
  language: languageSchema.optional(),
  userId: ignoredUserId,
};

/** POST /api/people. */
export const personCreateSchema = z.object(personFields).transform(withoutUserId);
export type PersonCreateBody = z.input<typeof personCreateSchema>;

/**
 * PUT /api/people/{id} (detail screen, no userId) and PATCH (list screen, with userId): one
 * reading for both; a field left out keeps its value.
 */
export const personUpdateSchema = z
  .object({
    ...personFields,
    name: name.optional(),
    /** One of the owner's photos as the portrait (else its 404), or null for initials. */
    portraitPhotoId: z.number().int().positive().nullable().optional(),
  })
  .transform(withoutUserId);
export type PersonUpdateBody = z.input<typeof personUpdateSchema>;

const placeFields = {
  name,
  type: omittedWhenBlank(NAME_MAX),
  description: omittedWhenBlank(TEXT_MAX),
  significance: omittedWhenBlank(TEXT_MAX),
  language: languageSchema.optional(),
  userId: ignoredUserId,
};

/** POST /api/places. */
export const placeCreateSchema = z.object(placeFields).transform(withoutUserId);
export type PlaceCreateBody = z.input<typeof placeCreateSchema>;

/** PUT and PATCH /api/places/{id}; blank or missing fields keep their stored value. */
export const placeUpdateSchema = z.object({ ...placeFields, name: name.optional() }).transform(withoutUserId);
export type PlaceUpdateBody = z.input<typeof placeUpdateSchema>;

/** POST /api/people/{id}/link-labels and /api/places/{id}/link-labels. */
export const linkLabelsSchema = z.object({
  labels: z.array(z.string().trim().min(1).max(NAME_MAX)).min(1).max(200),
});
export type LinkLabelsBody = z.input<typeof linkLabelsSchema>;
