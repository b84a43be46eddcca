import { and, eq, isNotNull } from 'drizzle-orm';
import { GAP_RECORDS_SHOWN } from '../../contract/interviewer.ts';
import type { Database } from '../db/client.ts';
import { stories } from '../db/schema.ts';
import { recordsWithoutStories } from '../people-and-places/mentions.ts';

/** A part of a life with no stories yet: a decade, or a person or place no story names. */
export type LifeGap =
  | { key: string; kind: 'decade'; decade: number }
  | { key: string; kind: 'person' | 'place'; name: string; detail?: string | null };

const decadeOf = (year: number) => Math.floor(year / 10) * 10;

/** The decades the user's dated stories cover, a span counting every decade it crosses. */
export async function toldDecades(db: Database, userId: string): Promise<number[]> {
  const rows = await db
    .select({ year: stories.year, endYear: stories.endYear })
    .from(stories)
    .where(and(eq(stories.userId, userId), isNotNull(stories.year)));
  const told = new Set<number>();
  for (const { year, endYear } of rows) {
    const last = decadeOf(Math.max(year!, endYear ?? year!));
    for (let decade = decadeOf(year!); decade <= last; decade += 10) told.add(decade);
  }
  return [...told].sort((a, b) => a - b);
}

/**
 * The parts of a life with no stories yet: every decade from the first one a story tells
 * about to today's that no dated story covers, and the people and places no story names
 * (those with recordings first). Keys are stable: `decade:1970`, `person:12`, `place:4`.
 */
export async function lifeGaps(db: Database, userId: string, now = new Date()): Promise<{ gaps: LifeGap[]; told: number[] }> {
  const told = await toldDecades(db, userId);
  const decades: LifeGap[] = [];
  if (told.length > 0) {
    for (let decade = told[0]; decade <= decadeOf(now.getFullYear()); decade += 10) {
      if (!told.includes(decade)) decades.push({ key: `decade:${decade}`, kind: 'decade', decade });
    }
  }
  const [people, places] = await Promise.all([
    recordsWithoutStories(db, 'person', userId, GAP_RECORDS_SHOWN),
    recordsWithoutStories(db, 'place', userId, GAP_RECORDS_SHOWN),
  ]);
  return {
    told,
    gaps: [
      ...decades,
      ...people.map((p): LifeGap => ({ key: `person:${p.id}`, kind: 'person', name: p.name, detail: p.detail })),
      ...places.map((p): LifeGap => ({ key: `place:${p.id}`, kind: 'place', name: p.name, detail: p.detail })),
    ],
  };
}
