import { and, asc, eq, sql } from 'drizzle-orm';
import type { PersonDetailDto, PersonDto } from '../../contract/people-places.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { people } from '../db/schema.ts';
import { presentEnrichmentState } from '../enrichment/refresh-info.ts';
import { labelsOf, type Mentions, mentionsFor, mentionsOf } from './named-records.ts';

type PersonRow = ResourceRows['person'];

function presentPerson(row: PersonRow, mentions: Mentions): PersonDto {
  return {
    id: row.id,
    name: row.name,
    relationship: row.relationship,
    characterization: row.characterization,
    language: row.language,
    userId: row.userId,
    ...mentions,
    enrichedInfo: (row.enrichedInfo ?? null) as PersonDto['enrichedInfo'],
  };
}

/** The user's people by name, with mentions from stories and recordings. */
export async function listPeople(db: Database, userId: string): Promise<PersonDto[]> {
  const [rows, mentions] = await Promise.all([
    db.select().from(people).where(eq(people.userId, userId)).orderBy(asc(sql`lower(${people.name})`), asc(people.id)),
    mentionsOf(db, 'person', userId),
  ]);
  return rows.map((row) => presentPerson(row, mentionsFor(mentions, row.id)));
}

/** One person as it is now, with the names tied to it. */
export async function personDetail(db: Database, id: number, userId: string): Promise<PersonDetailDto> {
  const [[row], mentions, labels] = await Promise.all([
    db.select().from(people).where(and(eq(people.id, id), eq(people.userId, userId))),
    mentionsOf(db, 'person', userId, [id]),
    labelsOf(db, 'person', [id]),
  ]);
  return { ...presentPerson(row, mentionsFor(mentions, id)), linkedLabels: labels.get(id) ?? [], ...presentEnrichmentState(row) };
}

export interface PersonFields {
  name?: string;
  relationship?: string | null;
  characterization?: string | null;
  language?: string;
}

export async function createPerson(db: Database, userId: string, fields: PersonFields & { name: string }): Promise<number> {
  const [row] = await db
    .insert(people)
    .values({
      userId,
      name: fields.name,
      relationship: fields.relationship ?? null,
      characterization: fields.characterization ?? null,
      language: fields.language ?? 'en',
    })
    .returning({ id: people.id });
  return row.id;
}

/** A field left out keeps its value. */
export async function updatePerson(db: Database, person: Authorized<PersonRow, 'update'>, fields: PersonFields): Promise<void> {
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length === 0) return;
  await db.update(people).set(changes).where(eq(people.id, person.id));
}

/** Its links and labels go with it (cascade); recordings and stories stay. */
export async function deletePerson(db: Database, person: Authorized<PersonRow, 'delete'>): Promise<void> {
  await db.delete(people).where(eq(people.id, person.id));
}
