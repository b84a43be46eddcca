import { and, asc, eq, sql } from 'drizzle-orm';
import type { PersonDetailDto, PersonDto, PlaceDetailDto, PlaceDto } from '../../contract/people-places.ts';
import type { Authorized, ResourceRows } from '../access/policies.ts';
import type { Database } from '../db/client.ts';
import { thumbUrlOf } from '../photos/cover.ts';
import { labelsOf } from './labels.ts';
import { KINDS, type RecordKind } from './kinds.ts';
import { type Mentions, mentionsFor, mentionsOf } from './mentions.ts';
import { presentEnrichmentState } from './refresh-info.ts';

type RecordRow = ResourceRows[RecordKind];
type RecordDto = PersonDto | PlaceDto;
type RecordDetailDto = PersonDetailDto | PlaceDetailDto;

function presentRecord(kind: RecordKind, row: RecordRow, mentions: Mentions): RecordDto {
  const own = Object.fromEntries(KINDS[kind].fields.map((field) => [field, (row as Record<string, unknown>)[field]]));
  return {
    id: row.id,
    name: row.name,
    ...own,
    language: row.language,
    userId: row.userId,
    ...mentions,
    enrichedInfo: row.enrichedInfo ?? null,
    // A person's portrait (the chosen photo's thumbnail); a place has none.
    ...('portraitPhotoId' in row ? { portraitPhotoId: row.portraitPhotoId, portraitThumbUrl: thumbUrlOf(row.portraitPhotoId) } : {}),
  } as RecordDto;
}

/** The user's people or places by name, with mentions from stories and recordings. */
export async function listRecords(db: Database, kind: RecordKind, userId: string): Promise<RecordDto[]> {
  const { table } = KINDS[kind];
  const [rows, mentions] = await Promise.all([
    db.select().from(table).where(eq(table.userId, userId)).orderBy(asc(sql`lower(${table.name})`), asc(table.id)),
    mentionsOf(db, kind, userId),
  ]);
  return rows.map((row) => presentRecord(kind, row, mentionsFor(mentions, row.id)));
}

/** One person or place as it is now, with the names tied to it. */
export async function recordDetail(db: Database, kind: RecordKind, id: number, userId: string): Promise<RecordDetailDto> {
  const { table } = KINDS[kind];
  const [[row], mentions, labels] = await Promise.all([
    db.select().from(table).where(and(eq(table.id, id), eq(table.userId, userId))),
    mentionsOf(db, kind, userId, [id]),
    labelsOf(db, kind, [id]),
  ]);
  return { ...presentRecord(kind, row, mentionsFor(mentions, id)), linkedLabels: labels.get(id) ?? [], ...presentEnrichmentState(row) };
}
