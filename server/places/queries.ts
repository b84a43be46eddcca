import { and, asc, eq, sql } from 'drizzle-orm';
import type { PlaceDetailDto, PlaceDto } from '../../contract/people-places.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { places } from '../db/schema.ts';
import { presentEnrichmentState } from '../enrichment/refresh-info.ts';
import { labelsOf, type Mentions, mentionsFor, mentionsOf } from '../people/named-records.ts';

type PlaceRow = ResourceRows['place'];

function presentPlace(row: PlaceRow, mentions: Mentions): PlaceDto {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    significance: row.significance,
    language: row.language,
    userId: row.userId,
    ...mentions,
    enrichedInfo: (row.enrichedInfo ?? null) as PlaceDto['enrichedInfo'],
  };
}

/** The user's places by name, with mentions from stories and recordings. */
export async function listPlaces(db: Database, userId: string): Promise<PlaceDto[]> {
  const [rows, mentions] = await Promise.all([
    db.select().from(places).where(eq(places.userId, userId)).orderBy(asc(sql`lower(${places.name})`), asc(places.id)),
    mentionsOf(db, 'place', userId),
  ]);
  return rows.map((row) => presentPlace(row, mentionsFor(mentions, row.id)));
}

/** One place as it is now, with the names tied to it. */
export async function placeDetail(db: Database, id: number, userId: string): Promise<PlaceDetailDto> {
  const [[row], mentions, labels] = await Promise.all([
    db.select().from(places).where(and(eq(places.id, id), eq(places.userId, userId))),
    mentionsOf(db, 'place', userId, [id]),
    labelsOf(db, 'place', [id]),
  ]);
  return { ...presentPlace(row, mentionsFor(mentions, id)), linkedLabels: labels.get(id) ?? [], ...presentEnrichmentState(row) };
}

export interface PlaceFields {
  name?: string;
  type?: string;
  description?: string;
  significance?: string;
  language?: string;
}

export async function createPlace(db: Database, userId: string, fields: PlaceFields & { name: string }): Promise<number> {
  const [row] = await db
    .insert(places)
    .values({
      userId,
      name: fields.name,
      type: fields.type ?? null,
      description: fields.description ?? null,
      significance: fields.significance ?? null,
      language: fields.language ?? 'en',
    })
    .returning({ id: places.id });
  return row.id;
}

/** A field left out (or blank: the spec omits it) keeps its value. */
export async function updatePlace(db: Database, place: Authorized<PlaceRow, 'update'>, fields: PlaceFields): Promise<void> {
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return;
  await db.update(places).set(changes).where(eq(places.id, place.id));
}

/** Its links and labels go with it (cascade); recordings and stories stay. */
export async function deletePlace(db: Database, place: Authorized<PlaceRow, 'delete'>): Promise<void> {
  await db.delete(places).where(eq(places.id, place.id));
}
