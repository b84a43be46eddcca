import { personCreateSchema, personUpdateSchema, placeCreateSchema, placeUpdateSchema } from '../../contract/people-places.ts';
import { people, personLabels, placeLabels, places, recordingPeople, recordingPlaces } from '../db/schema.ts';

/**
 * The two kinds of named record (spec 7.9 people, 7.10 places). Everything in this folder
 * is written once for both; what differs between them is described here and only here.
 */
export type RecordKind = 'person' | 'place';

export const KINDS = {
  person: {
    table: people,
    labels: personLabels,
    labelOwner: personLabels.personId,
    links: recordingPeople,
    linkOwner: recordingPeople.personId,
    /** The story metadata list whose names mention the kind. */
    metadataKey: 'people',
    /** What the interviewer says beside the name. */
    detail: people.relationship,
    /** The kind's own fields, between name and language, as the contract orders them. */
    fields: ['relationship', 'characterization'],
    /** Where its routes live (`/api/people`), and the path parameter link-labels names it by. */
    path: 'people',
    linkParam: 'personId',
    createBody: personCreateSchema,
    updateBody: personUpdateSchema,
    nothingRecorded: 'Failed to refresh information. Nothing has been recorded about this person yet.',
  },
  place: {
    table: places,
    labels: placeLabels,
    labelOwner: placeLabels.placeId,
    links: recordingPlaces,
    linkOwner: recordingPlaces.placeId,
    metadataKey: 'locations',
    detail: places.type,
    fields: ['type', 'description', 'significance'],
    path: 'places',
    linkParam: 'placeId',
    createBody: placeCreateSchema,
    updateBody: placeUpdateSchema,
    nothingRecorded: 'Failed to refresh information. Nothing has been recorded about this place yet.',
  },
} as const;

export const RECORD_KINDS = Object.keys(KINDS) as RecordKind[];

