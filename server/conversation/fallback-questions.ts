import type { Language } from '../../contract/languages.ts';

/**
 * Saaga's own plain questions, asked when the writer's question named a person, place or
 * year the person never said, or the writer could not answer: short, open, and true
 * whatever was told.
 */
export const FALLBACK_QUESTIONS: Record<Language, readonly string[]> = {
  en: [
    'Can you tell me more about that?',
    'What happened next?',
    'How did that feel at the time?',
    'Who else was there with you?',
    'What do you remember most clearly about it?',
  ],
  fi: [
    'Kertoisitko siitä lisää?',
    'Mitä sitten tapahtui?',
    'Miltä se silloin tuntui?',
    'Kuka muu oli siellä kanssasi?',
    'Mitä siitä muistat kaikkein selvimmin?',
  ],
};

/** The first plain question not asked yet in this conversation (round again when all were). */
export function fallbackQuestion(language: Language, askedBefore: string[]): string {
  const asked = new Set(askedBefore.map((q) => q.trim().toLowerCase()));
  const questions = FALLBACK_QUESTIONS[language];
  return questions.find((q) => !asked.has(q.toLowerCase())) ?? questions[askedBefore.length % questions.length];
}
