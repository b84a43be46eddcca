import type { Database } from '../db/client.ts';
import type { UserRow } from '../auth/sessions.ts';
import { userVocabulary } from '../people-and-places/vocabulary.ts';
import type { LiveSessionOptions } from './session.ts';

/**
 * What the engine is told about the speaker, as the durable pipeline tells it: the names of
 * their people and places for spelling, and their language when they chose one (else the
 * engine detects it).
 */
export async function liveOptionsFor(db: Database, user: UserRow): Promise<LiveSessionOptions> {
  const vocabulary = await userVocabulary(db, user.id);
  const language = user.languagePreference === 'fi' || user.languagePreference === 'en' ? user.languagePreference : undefined;
  return { language, vocabulary: [...vocabulary.people, ...vocabulary.places] };
}
