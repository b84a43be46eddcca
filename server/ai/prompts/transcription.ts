import type { Language } from '../../../contract/languages.ts';
import { transcriptionEn } from './en/transcription.ts';
import { transcriptionFi } from './fi/transcription.ts';

const TEXTS = { en: transcriptionEn, fi: transcriptionFi };

/** Whisper reads at most 224 prompt tokens; keep the hint well under that. */
export const MAX_VOCABULARY_CHARS = 600;

/**
 * The speech engine's prompt: the user's people and places, so family names and Finnish
 * place names come out spelled right. Undefined when there are none.
 */
export function buildVocabularyPrompt(vocabulary: string[] | undefined, language: Language | undefined): string | undefined {
  const names = [...new Set((vocabulary ?? []).map((v) => v.trim()).filter(Boolean))];
  if (names.length === 0) return undefined;
  const kept: string[] = [];
  let length = 0;
  for (const name of names) {
    if (length + name.length + 2 > MAX_VOCABULARY_CHARS) break;
    kept.push(name);
    length += name.length + 2;
  }
  return TEXTS[language ?? 'en'].vocabulary(kept.join(', '));
}
