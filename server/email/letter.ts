import type { Language } from '../../contract/languages.ts';

export interface Message {
  subject: string;
  text: string;
}

const GREETING: Record<Language, string> = { en: 'Hi', fi: 'Hei' };
const SIGN_OFF: Record<Language, string> = { en: 'Warm regards,', fi: 'Terveisin,' };

/**
 * An e-mail from Saaga in the person's language: the greeting by name (without one when the
 * account has none), the paragraphs with a blank line between them, the sign-off and the
 * signature. Every message Saaga sends is shaped here.
 */
export function letter(language: Language, name: string | null, subject: string, paragraphs: string[], signOff = SIGN_OFF[language]): Message {
  const greeting = `${GREETING[language]}${name ? ` ${name}` : ''},`;
  return { subject, text: [greeting, ...paragraphs.flatMap((paragraph) => ['', paragraph]), '', signOff, 'Saaga'].join('\n') };
}
